/** The citizen's requests (submitted applications) with their pending payments. */
import type { FastifyInstance } from 'fastify';
import { requestSchema } from '@portal/api-contract';
import { authErrors, errorSchema } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { requestLabel } from '@portal/form-engine';
import { formSchema, serviceNames } from '../../services/applications/onlineForms';
import { iso, requestItems, type ApplicationRow, type RequestItemRow } from '../../services/applications/applicationStore';

const tags = ['Solicitudes'];
/** Every route here needs a session (bearer token or the token cookie). */
const security = [{ bearer: [] }, { cookie: [] }] as const;
const listSchema = { tags, security, summary: 'Solicitudes del ciudadano', response: { ...authErrors, 200: { type: 'object', properties: { data: { type: 'array', items: requestSchema } }, required: ['data'] } } } as const;
const oneSchema = {
  tags, security, summary: 'Una solicitud del ciudadano',
  params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] },
  response: { ...authErrors, 200: { type: 'object', properties: { data: requestSchema }, required: ['data'] }, 404: errorSchema },
} as const;

function view(row: ApplicationRow, items: RequestItemRow[], serviceName: string) {
  const schema = formSchema(row.form);
  const solicitud = (row.data.datos_solicitud ?? {}) as Record<string, unknown>;
  const mapped = items.map((i) => ({ ...i, amount: Number(i.amount) }));
  return {
    id: row.id, code: row.request_code as string, form: row.form, service: serviceName, status: row.status,
    tipo_societario: typeof solicitud.tipo_societario === 'string' ? solicitud.tipo_societario : null,
    company_name: schema ? requestLabel(schema, row.data) : null,
    submitted_at: iso(row.submitted_at) as string,
    items: mapped,
    total_pending: mapped.filter((i) => i.status === 'pendiente').reduce((s, i) => s + i.amount, 0),
  };
}

const COLUMNS = 'id, citizen_id, form, data, status, version, request_code, created_at, updated_at, submitted_at';

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  typed.get('/portals/requests/citizen-profile/getRequestsByCitizenProfile', { onRequest: app.authenticate, schema: listSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const { rows } = await app.db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM applications WHERE citizen_id = $1 AND request_code IS NOT NULL ORDER BY submitted_at DESC, id DESC`, [citizen.id]);
    const items = await requestItems(app.db, rows.map((r) => r.id));
    const names = await serviceNames(app.db, rows.map((r) => r.form));
    return { data: rows.map((r) => view(r, items.get(r.id) ?? [], names.get(r.form) ?? r.form)) };
  });
  typed.get('/portals/requests/:id', { onRequest: app.authenticate, schema: oneSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const { rows } = await app.db.query<ApplicationRow>(`SELECT ${COLUMNS} FROM applications WHERE id = $1 AND citizen_id = $2 AND request_code IS NOT NULL`, [request.params.id, citizen.id]);
    if (!rows[0]) throw new HttpError(404, 'Solicitud no encontrada');
    const items = await requestItems(app.db, [rows[0].id]);
    const names = await serviceNames(app.db, [rows[0].form]);
    return { data: view(rows[0], items.get(rows[0].id) ?? [], names.get(rows[0].form) ?? rows[0].form) };
  });
}
