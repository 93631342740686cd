/**
 * Claims, the institution's side (issue 12 §2 and §4), under /v1/backoffice
 * (registered in backofficeRoutes.ts' staffOnly context): an officer sees and
 * answers their institution's claims, an administrator all of them. Another
 * institution's claim is a 404 and nothing changes. Every read of a claim and
 * every change is written to the audit log.
 */
import type { FastifyInstance } from 'fastify';
import {
  CLAIM_CLOSED_MESSAGE,
  CLAIM_EVENT_NAMES,
  CLAIM_EVENTS,
  CLAIM_STATUSES,
  claimIsOpen,
  illegalClaimStatusMessage,
  nextClaimStatus,
  staffClaimCommentBodySchema,
  staffClaimCommentSchema,
  staffClaimDetailSchema,
  staffClaimListSchema,
  staffClaimSchema,
  staffClaimStatusBodySchema,
  type ClaimEventRule,
  type ClaimStatus,
} from '@portal/api-contract';
import { authErrors, errorSchema, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireStaff } from '../../plugins/app/registerStaffAuth';
import { recordAudit } from '../../services/audit/auditLog';
import { addClaimComment, claimDocument, lockClaim, markThreadRead, setClaimStatus, staffClaim, staffClaims, staffThread, type StaffScope } from '../../services/claims/claimStore';
import { notifyCitizen } from '../../services/notifications/notifyCitizen';
import type { StaffView } from '../../services/staff/staffStore';
import { sendStoredDocument } from '../../http/sendStoredDocument';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
/** Where the citizen reads a claim: «Mis reclamos» (the app's address), which opens the claim's thread. */
export function claimPageLink(claimId: number): string {
  return `/mis-reclamos?reclamo=${claimId}`;
}

const params = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;
const listSchema = {
  tags, security, operationId: 'listStaffClaims', summary: 'Reclamos de la institución (administrador: todos): abiertos primero, del más antiguo al más reciente',
  querystring: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: CLAIM_STATUSES } } },
  response: { ...authErrors, 200: staffClaimListSchema },
} as const;
const oneSchema = { tags, security, operationId: 'getStaffClaim', summary: 'Un reclamo con su conversación (marca leídos los comentarios del ciudadano)', params, response: { ...authErrors, 200: staffClaimDetailSchema, 404: errorSchema } } as const;
const documentSchema = {
  tags, security, operationId: 'downloadStaffClaimDocument', summary: 'Descarga el archivo que el ciudadano envió con el reclamo (adjunto)',
  params,
  response: { ...authErrors, 200: { description: 'El archivo, como adjunto', type: 'string', format: 'binary' }, 404: errorSchema },
} as const;
const commentSchema = {
  tags, security, operationId: 'answerStaffClaim', summary: 'Responde un reclamo: el reclamo pasa a «Respondido» y se avisa al ciudadano',
  params,
  body: staffClaimCommentBodySchema,
  response: { ...authErrors, 201: { type: 'object', properties: { data: staffClaimCommentSchema }, required: ['data'] }, 404: errorSchema, 409: errorSchema },
} as const;
const statusSchema = {
  tags, security, operationId: 'changeStaffClaimStatus', summary: 'Cambia el estado de un reclamo (en_proceso o cerrado, según el estado actual)',
  params,
  body: staffClaimStatusBodySchema,
  response: { ...authErrors, 200: { type: 'object', properties: { data: staffClaimSchema }, required: ['data'] }, 404: errorSchema, 409: errorSchema },
} as const;


/** What the staff member may see: an officer their institution's claims, an administrator all. */
function scopeOf(staff: StaffView): StaffScope {
  return { institution: staff.role === 'administrador' ? null : staff.institution };
}

/** The event staff cause by setting `wanted` directly on a claim in `status`, or null. */
function directEvent(status: ClaimStatus, wanted: ClaimStatus) {
  return CLAIM_EVENT_NAMES.find((event) => {
    const rule: ClaimEventRule = CLAIM_EVENTS[event];
    return rule.direct && rule.by === 'institucion' && rule.to === wanted && rule.from.includes(status);
  }) ?? null;
}

export async function claimStaffRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/backoffice/claims', { schema: listSchema }, async (request) => {
    const staff = requireStaff(request);
    return staffClaims(app.db, scopeOf(staff), request.query.status ?? null);
  });

  typed.get('/backoffice/claims/:id', { schema: oneSchema }, async (request) => {
    const staff = requireStaff(request);
    const scope = scopeOf(staff);
    const claimId = request.params.id;
    return app.db.transaction(async (tx) => {
      await staffClaim(tx, scope, claimId);
      await markThreadRead(tx, claimId, 'institucion');
      // Reading a citizen's claim is audited.
      await recordAudit(tx, { staffId: staff.id, action: 'ver_reclamo', claimId });
      return { data: { claim: await staffClaim(tx, scope, claimId), comments: await staffThread(tx, claimId) } };
    });
  });

  // Default type provider here: the 200 answer is a file stream, not a JSON document.
  app.get<{ Params: { id: number } }>('/backoffice/claims/:id/document', { schema: documentSchema }, async (request, reply) => {
    const staff = requireStaff(request);
    const claimId = request.params.id;
    const document = await app.db.transaction(async (tx) => {
      const found = await claimDocument(tx, scopeOf(staff), claimId);
      await recordAudit(tx, { staffId: staff.id, action: 'descargar_documento_reclamo', claimId });
      return found;
    });
    return sendStoredDocument(reply, app.storage, document, 'Documento no encontrado');
  });

  typed.post('/backoffice/claims/:id/comments', { schema: commentSchema }, async (request, reply) => {
    const staff = requireStaff(request);
    const content = request.body.content.trim();
    if (content === '') throw new HttpError(400, 'Datos inválidos', [{ path: 'content', message: 'Escriba la respuesta' }]);
    const comment = await app.db.transaction(async (tx) => {
      const claim = await lockClaim(tx, request.params.id, scopeOf(staff));
      if (!claimIsOpen(claim.status)) throw new HttpError(409, CLAIM_CLOSED_MESSAGE);
      const to = nextClaimStatus(claim.status, 'responder');
      if (to === null) throw new HttpError(409, CLAIM_CLOSED_MESSAGE);
      if (to !== claim.status) await setClaimStatus(tx, claim.id, to);
      const added = await addClaimComment(tx, claim.id, 'institucion', staff.id, content);
      await recordAudit(tx, { staffId: staff.id, action: 'responder_reclamo', claimId: claim.id, detail: { from: claim.status, to, commentId: added.id } });
      await notifyCitizen(tx, {
        citizenId: claim.citizen_id,
        kind: 'comentario',
        title: `Respuesta a su reclamo n.º ${claim.id}`,
        text: `${claim.institution === 'PORTAL' ? 'La institución' : claim.institution} respondió su reclamo n.º ${claim.id}. Lea la respuesta en «Mis reclamos».`,
        link: claimPageLink(claim.id),
      });
      return { ...added, staff_name: staff.name };
    });
    app.kickMail();
    return reply.code(201).send({ data: comment });
  });

  typed.post('/backoffice/claims/:id/status', { schema: statusSchema }, async (request) => {
    const staff = requireStaff(request);
    const scope = scopeOf(staff);
    const wanted = request.body.status;
    const result = await app.db.transaction(async (tx) => {
      const claim = await lockClaim(tx, request.params.id, scope);
      const event = directEvent(claim.status, wanted);
      if (event === null) throw new HttpError(409, illegalClaimStatusMessage(claim.status, wanted));
      await setClaimStatus(tx, claim.id, wanted);
      await recordAudit(tx, { staffId: staff.id, action: `reclamo_${event}`, claimId: claim.id, detail: { from: claim.status, to: wanted } });
      if (!claimIsOpen(wanted)) {
        await notifyCitizen(tx, {
          citizenId: claim.citizen_id,
          kind: 'cambio_estado',
          title: `Reclamo n.º ${claim.id} cerrado`,
          text: `Su reclamo n.º ${claim.id} fue cerrado. Puede leer su conversación en «Mis reclamos».`,
          link: claimPageLink(claim.id),
        });
      }
      return { data: await staffClaim(tx, scope, claim.id) };
    });
    app.kickMail();
    return result;
  });
}
