/**
 * The administrator's «Personal» page (issue 25 §2): the staff members with
 * the state of their second factor, and the reset of another member's factor
 * (audited; they enrol again at their next sign-in and their sessions end).
 * Registered inside backofficeRoutes' staff-only context.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorSchema, staffMemberListSchema } from '@portal/api-contract';
import { authErrors, messageSchema, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireAdministrator } from '../../plugins/app/registerStaffAuth';
import { recordAudit } from '../../services/audit/auditLog';
import { resetSecondFactor } from '../../services/staff/staffSecondFactor';
import { findStaffById, listStaffMembers } from '../../services/staff/staffStore';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const listSchema = {
  tags, security, operationId: 'listStaffMembers', summary: 'El personal y el estado de su segundo factor (solo administradores)',
  response: { ...authErrors, 200: staffMemberListSchema, 403: errorSchema },
} as const;
const resetSchema = {
  tags, security, operationId: 'resetStaffSecondFactor',
  summary: 'Restablece el segundo factor de otro miembro del personal (solo administradores): lo configura de nuevo en su próximo ingreso; sus sesiones terminan. Queda en la auditoría',
  params: { type: 'object', properties: { id: ID }, required: ['id'] },
  response: { ...authErrors, 200: messageSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
} as const;

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

export async function staffMemberRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/backoffice/staff', { schema: listSchema, onRequest: noStore }, async (request) => {
    requireAdministrator(request);
    return { data: await listStaffMembers(app.db) };
  });

  typed.post('/backoffice/staff/:id/second-factor/reset', { schema: resetSchema }, async (request) => {
    const admin = requireAdministrator(request);
    const { id } = request.params;
    if (id === admin.id) throw new HttpError(409, 'No puede restablecer su propio segundo factor: pídaselo a otro administrador');
    const member = await findStaffById(app.db, id);
    if (member === null) throw new HttpError(404, 'Miembro del personal no encontrado');
    await app.db.transaction(async (tx) => {
      await resetSecondFactor(tx, id);
      await recordAudit(tx, { staffId: admin.id, action: 'restablecer_segundo_factor', detail: { staffId: member.id, staffName: member.name, staffEmail: member.email } });
    });
    return { message: `Segundo factor restablecido: ${member.name} lo configurará en su próximo ingreso` };
  });
}
