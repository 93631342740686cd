/**
 * Published forms (issue 26 §1), public like the catalogue and PREVIEW: anyone may read what a
 * service asks and by which rules.
 * - GET /v1/forms/{form}: the current version (a new publication is served within a minute);
 * - GET /v1/forms/{form}/version: only its number and hash (what an open page asks now and then);
 * - GET /v1/forms/{form}/versions/{n}: an old one (a request is read through its own);
 * - GET /v1/forms/{form}/validators/{hash}.js: a version's precompiled validators as an ES module,
 *   from the portal's own origin (the Content-Security-Policy needs no 'unsafe-eval'), at an address
 *   that changes with the schema's hash, so browsers and proxies keep it for good.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formVersionSchema } from '@portal/api-contract';
import { errorSchema, publicSecurity } from '../../http/commonSchemas';
import { HttpError } from '../../http/HttpError';
import { sendCompressible } from '../../http/compressedBody';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { currentForm, FORM_NOT_FOUND, FORM_PARAM } from '../../services/applications/onlineForms';
import { formVersion, formVersionByHash, versionArtifacts, type FormVersion } from '../../services/forms/formVersions';

const NO_VERSION = 'Esa versión del formulario no existe';
const FOREVER = 'public, max-age=31536000, immutable';

const tags = ['Formularios'];
const formParam = FORM_PARAM;
const one = { type: 'object', properties: { data: formVersionSchema }, required: ['data'] } as const;

const currentSchema = {
  tags, security: publicSecurity, operationId: 'getCurrentFormVersion', summary: 'La versión vigente de un formulario',
  description: 'Número, hash, esquema y nota de la versión vigente. Una publicación nueva se sirve en menos de un minuto en todos los servidores.',
  params: { type: 'object', properties: { form: formParam }, required: ['form'] },
  response: { 200: one, 404: errorSchema },
} as const;
const currentNumberSchema = {
  tags, security: publicSecurity, operationId: 'getCurrentFormVersionNumber', summary: 'Solo el número y el hash de la versión vigente',
  description: 'Lo que una página abierta pregunta cada tanto para saber si el formulario cambió, sin descargar el esquema.',
  params: { type: 'object', properties: { form: formParam }, required: ['form'] },
  response: {
    200: {
      type: 'object',
      properties: { data: { type: 'object', properties: { form: { type: 'string' }, version: { type: 'integer' }, hash: { type: 'string' } }, required: ['form', 'version', 'hash'] } },
      required: ['data'],
    },
    404: errorSchema,
  },
} as const;
const versionSchema = {
  tags, security: publicSecurity, operationId: 'getFormVersion', summary: 'Una versión publicada de un formulario',
  description: 'Las versiones no cambian nunca: una solicitud se lee siempre con la suya.',
  params: { type: 'object', properties: { form: formParam, version: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['form', 'version'] },
  response: { 200: one, 404: errorSchema },
} as const;
const validatorsSchema = {
  tags, security: publicSecurity, operationId: 'getFormVersionValidators', summary: 'Los validadores precompilados de una versión (módulo ES)',
  params: { type: 'object', properties: { form: formParam, file: { type: 'string', pattern: '^[0-9a-f]{64}\\.js$' } }, required: ['form', 'file'] },
  produces: ['text/javascript'],
  response: { 200: { description: 'El módulo ES (export const validators)', type: 'string', format: 'binary' }, 404: errorSchema },
} as const;

/** What the API says of a version. */
export function formVersionView(version: FormVersion) {
  return {
    form: version.form, version: version.version, hash: version.hash, schema: version.schema as unknown as Record<string, unknown>, note: version.note,
    published_at: version.publishedAt, validators_url: `/v1/forms/${version.form}/validators/${version.hash}.js`,
  };
}

/** A version's answer as JSON, compressed once per version when the browser accepts it (110 KB → ~10 KB for the company application). */
function sendVersion(request: FastifyRequest, reply: FastifyReply, version: FormVersion): Promise<FastifyReply> {
  const body = () => Buffer.from(JSON.stringify({ data: formVersionView(version) }));
  return sendCompressible(request, reply, `json\n${version.form}\n${version.hash}`, body, 'application/json; charset=utf-8');
}

export async function formVersionRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();

  typed.get('/forms/:form', { schema: currentSchema }, async (request, reply: FastifyReply) => {
    const current = await currentForm(app.db, request.params.form);
    if (!current) throw new HttpError(404, FORM_NOT_FOUND);
    // Short: a newly published version reaches the citizen's next page within the servers' minute.
    void reply.header('cache-control', 'public, max-age=15');
    return sendVersion(request, reply, current);
  });

  typed.get('/forms/:form/version', { schema: currentNumberSchema }, async (request, reply) => {
    const current = await currentForm(app.db, request.params.form);
    if (!current) throw new HttpError(404, FORM_NOT_FOUND);
    void reply.header('cache-control', 'public, max-age=15');
    return { data: { form: current.form, version: current.version, hash: current.hash } };
  });

  typed.get('/forms/:form/versions/:version', { schema: versionSchema }, async (request, reply) => {
    const found = await formVersion(app.db, request.params.form, request.params.version);
    if (!found) throw new HttpError(404, NO_VERSION);
    void reply.header('cache-control', FOREVER);
    return sendVersion(request, reply, found);
  });

  // Not typed: its answer is JavaScript, which no JSON response schema describes.
  app.get<{ Params: { form: string; file: string } }>('/forms/:form/validators/:file', { schema: validatorsSchema }, async (request, reply) => {
    const hash = request.params.file.slice(0, -'.js'.length);
    const version = await formVersionByHash(app.db, request.params.form, hash);
    if (!version) throw new HttpError(404, NO_VERSION);
    const { validators } = await versionArtifacts(app.db, version);
    void reply.header('cache-control', FOREVER);
    return sendCompressible(request, reply, `js\n${version.form}\n${version.hash}`, () => Buffer.from(validators), 'text/javascript; charset=utf-8');
  });
}
