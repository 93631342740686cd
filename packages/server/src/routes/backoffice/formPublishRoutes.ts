/**
 * Publishing a form to the running portal (issue 26 §2), for `npm run forms:publish` and the back
 * office's «Formularios» page: administrators and analysts (signed in with their second factor, as
 * every staff session is), audited. The server checks again what the command checked (the lint, and that
 * the browser's validators can be generated) and refuses a publication based on a version that is
 * no longer current (someone published meanwhile). Every server serves the new version within a
 * minute; new drafts start on it, open drafts move to it with a notice.
 * Registered inside backofficeRoutes' staff-only context.
 */
import type { FastifyInstance } from 'fastify';
import { errorSchema, formPublishBodySchema, formVersionListSchema, formVersionSchema, publishedFormListSchema } from '@portal/api-contract';
import { formChanges, type FormSchema } from '@portal/form-engine';
import { BUILT_IN_FORMS, lintForm, standaloneValidatorsModule } from '@portal/form-engine/node';
import { authErrors, staffSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireFormPublisher } from '../../plugins/app/registerStaffAuth';
import { recordAudit } from '../../services/audit/auditLog';
import { BUILT_IN_FORM, FORM_NOT_FOUND, FORM_PARAM } from '../../services/applications/onlineForms';
import { currentFormVersion, formVersion, listFormVersions, listPublishedForms, publishFormVersion, versionArtifacts } from '../../services/forms/formVersions';
import { formVersionView } from '../forms/formVersionRoutes';

const tags = ['Oficina de la institución'];
const security = staffSecurity;
const formParam = FORM_PARAM;

const publishSchema = {
  tags, security, operationId: 'publishFormVersion',
  summary: 'Publica una versión de un formulario (administradores y analistas; queda en la auditoría)',
  description: '422 con los problemas del formulario (ruta JSON y mensaje); 409 si se publicó otra versión después de `base_version`.',
  params: { type: 'object', properties: { form: formParam }, required: ['form'] },
  body: formPublishBodySchema,
  response: { ...authErrors, 201: { type: 'object', properties: { data: formVersionSchema }, required: ['data'] }, 403: errorSchema, 409: errorSchema, 422: errorSchema },
} as const;

const versionListSchema = {
  tags, security, operationId: 'listFormVersions', summary: 'Las versiones de un formulario: quién y cuándo las publicó, su nota y sus cambios (administradores y analistas)',
  params: { type: 'object', properties: { form: formParam }, required: ['form'] },
  response: { ...authErrors, 200: formVersionListSchema, 403: errorSchema, 404: errorSchema },
} as const;
const formListSchema = {
  tags, security, operationId: 'listPublishedForms', summary: 'Los formularios publicados y su versión vigente (administradores y analistas)',
  response: { ...authErrors, 200: publishedFormListSchema, 403: errorSchema },
} as const;

export async function formPublishRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.post('/backoffice/forms/:form/versions', { schema: publishSchema, config: { analysts: true } }, async (request, reply) => {
    const admin = requireFormPublisher(request);
    const { form } = request.params;
    const { schema: raw, note, base_version: baseVersion } = request.body;
    if (BUILT_IN_FORMS.includes(form)) throw new HttpError(409, BUILT_IN_FORM);
    const schema = raw as unknown as FormSchema;
    const issues = lintForm(schema);
    if (issues.length > 0) {
      throw new HttpError(422, 'El formulario tiene errores; corríjalos antes de publicarlo', issues.map((i) => ({ path: i.pointer || '/', message: i.message })));
    }
    try {
      standaloneValidatorsModule([schema], null);
    } catch (error) {
      throw new HttpError(422, `No se pudieron generar los validadores del navegador: ${(error as Error).message}`);
    }
    const trimmed = note.trim();
    if (trimmed === '') throw new HttpError(400, 'Escriba una nota de una línea sobre lo que cambió');
    const published = await publishFormVersion(app.db, {
      form, schema, note: trimmed.replace(/\s+/g, ' '), staffId: admin.id, baseVersion,
      alsoWrite: (tx, version) => recordAudit(tx, {
        staffId: admin.id, action: 'publicar_formulario', detail: { form, version: version.version, hash: version.hash, note: version.note },
      }),
    });
    if (!published) throw new HttpError(409, 'Se publicó otra versión de este formulario mientras tanto: revise sus cambios y vuelva a publicar');
    // The browser's module and the rule table, generated now rather than on a citizen's first load.
    await versionArtifacts(app.db, published.version);
    return reply.code(201).send({ data: formVersionView(published.version) });
  });

  typed.get('/backoffice/forms/:form/versions', { schema: versionListSchema, config: { analysts: true } }, async (request) => {
    requireFormPublisher(request);
    const { form } = request.params;
    const versions = await listFormVersions(app.db, form);
    if (versions.length === 0) throw new HttpError(404, FORM_NOT_FOUND);
    const data = [];
    for (const v of versions) {
      const [now, before] = await Promise.all([formVersion(app.db, form, v.version), v.version > 1 ? formVersion(app.db, form, v.version - 1) : null]);
      const changes = now && before ? formChanges(before.schema, now.schema).map((c) => c.text) : [];
      data.push({
        version: v.version, hash: v.hash, note: v.note, published_at: v.publishedAt,
        published_by: v.publishedBy, changes,
      });
    }
    return { data };
  });

  // Which forms there are and their current version (the page's list).
  typed.get('/backoffice/forms', { schema: formListSchema, config: { analysts: true } }, async (request) => {
    requireFormPublisher(request);
    const forms = await listPublishedForms(app.db);
    const data = [];
    for (const form of forms) {
      const current = await currentFormVersion(app.db, form);
      if (current) data.push({ form, title: current.schema.title ?? form, version: current.version, published_at: current.publishedAt });
    }
    return { data };
  });
}

