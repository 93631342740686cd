/**
 * Claims, the citizen's side (issue 12 §2; spec §7): the claim types, the
 * citizen's claims, filing one (multipart, with an optional file stored among
 * their documents) and its thread with the institution.
 */
import type { FastifyInstance } from 'fastify';
import {
  CLAIM_CLOSED_MESSAGE,
  CLAIM_DESCRIPTION_MAX,
  CLAIM_DESCRIPTION_MIN,
  claimCommentBodySchema,
  claimCommentSchema,
  claimFormSchema,
  claimIsOpen,
  claimIssueListSchema,
  claimListSchema,
  claimSchema,
  claimThreadSchema,
  nextClaimStatus,
} from '@portal/api-contract';
import { authErrors, citizenSecurity, commonErrors, errorSchema, publicSecurity } from '../../http/commonSchemas';
import { HttpError, type FieldError } from '../../http/HttpError';
import type { FromSchema, SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import {
  addClaimComment,
  citizenClaim,
  citizenClaims,
  citizenThread,
  claimIssues,
  insertClaim,
  issueExists,
  lockClaim,
  markThreadRead,
  resolveSubject,
  setClaimStatus,
} from '../../services/claims/claimStore';
import { discardUpload, receiveUpload, uploadLimit, type ReceivedFile } from '../../services/uploads/receiveUpload';
import type { SizeLimit } from '../../services/uploads/storeUpload';
import { insertWithinQuota, type UploadQuota } from '../../services/uploads/uploadQuota';
import { NO_FILE } from '@portal/form-engine/uploads';
import { positiveIdText } from '../../http/numericText';

const tags = ['Reclamos'];
/** Every route here but GET /issues needs a session (bearer token or the token cookie). */
const security = citizenSecurity;
const INVALID = 'Datos inválidos';
const DESCRIPTION_LENGTH = `La descripción debe tener entre ${CLAIM_DESCRIPTION_MIN} y ${CLAIM_DESCRIPTION_MAX} caracteres`;
const EMPTY_COMMENT = 'Escriba su comentario';
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

const issuesSchema = { tags, security: publicSecurity, operationId: 'listClaimIssues', summary: 'Tipos de reclamo', response: { ...commonErrors, 200: claimIssueListSchema } } as const;
const myClaimsSchema = { tags, security, operationId: 'listOwnClaims', summary: 'Reclamos del ciudadano, del más reciente al más antiguo', response: { ...authErrors, 200: claimListSchema } } as const;
const fileClaimSchema = {
  tags, security, operationId: 'fileClaim',
  summary: 'Presenta un reclamo (multipart: file opcional, request_id o service_slug, issue_id, description)',
  description:
    'Sobre una solicitud enviada del ciudadano (request_id; 404 si no es suya) o un servicio del catálogo (service_slug). ' +
    `description: de ${CLAIM_DESCRIPTION_MIN} a ${CLAIM_DESCRIPTION_MAX} caracteres. ` +
    'El archivo, opcional, sigue las reglas de POST /v1/portals/documents y se guarda entre los documentos del ciudadano.',
  consumes: ['multipart/form-data'],
  response: { ...authErrors, 201: { type: 'object', properties: { data: claimSchema }, required: ['data'] }, 404: errorSchema, 413: errorSchema, 415: errorSchema, 507: errorSchema },
} as const;
const threadSchema = {
  tags, security, operationId: 'getOwnClaimThread', summary: 'Un reclamo del ciudadano y su conversación con la institución (marca leídas las respuestas)',
  querystring: { type: 'object', additionalProperties: false, properties: { claim_id: id }, required: ['claim_id'] },
  response: { ...authErrors, 200: claimThreadSchema, 404: errorSchema },
} as const;
const commentSchema = {
  tags, security, operationId: 'commentOwnClaim', summary: 'Comenta un reclamo propio',
  body: claimCommentBodySchema,
  response: { ...authErrors, 201: { type: 'object', properties: { data: claimCommentSchema }, required: ['data'] }, 404: errorSchema, 409: errorSchema },
} as const;

/** The text fields of the claim form, as they came (the API contract's claimFormSchema, which the app sends). */
type ClaimFields = FromSchema<typeof claimFormSchema>;
const CLAIM_FIELDS = new Set(Object.keys(claimFormSchema.properties));

/** Checks the form's fields; 400 'Datos inválidos' with one message per field. */
function checkFields(fields: ClaimFields): { about: { requestId: number } | { serviceSlug: string }; issueId: number; description: string } {
  const errors: FieldError[] = [];
  const requestText = fields.request_id?.trim() ?? '';
  const slug = fields.service_slug?.trim() ?? '';
  const requestId = positiveIdText(fields.request_id);
  let about: { requestId: number } | { serviceSlug: string } | null = null;
  if (requestText !== '' && slug !== '') errors.push({ path: 'request_id', message: 'Indique la solicitud o el servicio, no ambos' });
  else if (requestText !== '') {
    if (requestId === null) errors.push({ path: 'request_id', message: 'Solicitud inválida' });
    else about = { requestId };
  } else if (slug !== '') {
    if (!SLUG.test(slug) || slug.length > 200) errors.push({ path: 'service_slug', message: 'Servicio inválido' });
    else about = { serviceSlug: slug };
  } else errors.push({ path: 'request_id', message: 'Indique la solicitud o el servicio del reclamo' });
  const issueId = positiveIdText(fields.issue_id);
  if (issueId === null) errors.push({ path: 'issue_id', message: 'Seleccione el tipo de reclamo' });
  const description = fields.description?.trim() ?? '';
  if (description.length < CLAIM_DESCRIPTION_MIN || description.length > CLAIM_DESCRIPTION_MAX) errors.push({ path: 'description', message: DESCRIPTION_LENGTH });
  if (errors.length || about === null || issueId === null) throw new HttpError(400, INVALID, errors);
  return { about, issueId, description };
}

/** GET /v1/issues: the claim types, public (the claim form lists them). */
export async function claimPublicRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<SchemaTypeProvider>().get('/issues', { schema: issuesSchema }, async () => ({ data: await claimIssues(app.db) }));
}

/** The citizen's claims: registered in the citizen context (registerRoutes.ts), which adds app.authenticate to each route. */
export async function claimRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const { uploadMaxBytes } = app.config;
  const quota: UploadQuota = { bytes: app.config.uploadQuotaBytes, files: app.config.uploadQuotaFiles };

  typed.get('/portals/myclaims', { schema: myClaimsSchema }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: await citizenClaims(app.db, citizen.id) };
  });

  typed.post('/portals/claim', { schema: fileClaimSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const fields: ClaimFields = {};
    // The file is optional: a citizen at their storage limit may still file a claim without one
    // (a file then fails at its first byte with the quota's 413).
    const limitFor = async (): Promise<SizeLimit> =>
      uploadLimit(app.db, citizen.id, quota, uploadMaxBytes).catch((error: unknown) => {
        if (error instanceof HttpError) return { bytes: 0, error };
        throw error;
      });
    let file: ReceivedFile | null = null;
    try {
      file = await receiveUpload(request, app, limitFor, (name, value) => {
        if (!CLAIM_FIELDS.has(name)) throw new HttpError(400, INVALID, [{ path: name, message: 'Campo no permitido' }]);
        if (value.length > CLAIM_DESCRIPTION_MAX * 4) throw new HttpError(400, INVALID, [{ path: name, message: DESCRIPTION_LENGTH }]);
        fields[name as keyof ClaimFields] = value;
      });
    } catch (error) {
      // receiveUpload reads every field before it finds that no file came: a claim without one.
      if (!(error instanceof HttpError && error.message === NO_FILE)) throw error;
    }
    const received = file;
    try {
      const { about, issueId, description } = checkFields(fields);
      if (!(await issueExists(app.db, issueId))) throw new HttpError(400, INVALID, [{ path: 'issue_id', message: 'Tipo de reclamo inválido' }]);
      const subject = await resolveSubject(app.db, citizen.id, about);
      const claim = { ...subject, citizenId: citizen.id, issueId, description };
      let claimId = 0;
      if (received === null) {
        claimId = await insertClaim(app.db, { ...claim, documentId: null });
      } else {
        // The document and the claim are written together, within the citizen's quota.
        await insertWithinQuota(
          app.db, citizen.id, quota,
          { name: received.name, extension: received.extension, storedName: received.stored.storedName, mime: received.mime, size: received.stored.size, description: 'Adjunto de un reclamo' },
          async (tx, documentId) => { claimId = await insertClaim(tx, { ...claim, documentId }); },
        );
      }
      return reply.code(201).send({ data: await citizenClaim(app.db, citizen.id, claimId) });
    } catch (error) {
      if (received !== null) await discardUpload(app.storage, received);
      throw error;
    }
  });

  typed.get('/portals/claim-comment', { schema: threadSchema }, async (request) => {
    const citizen = requireCitizen(request);
    const claimId = request.query.claim_id;
    await citizenClaim(app.db, citizen.id, claimId);
    await markThreadRead(app.db, claimId, 'ciudadano');
    return { data: { claim: await citizenClaim(app.db, citizen.id, claimId), comments: await citizenThread(app.db, claimId) } };
  });

  typed.post('/portals/claim-comment', { schema: commentSchema }, async (request, reply) => {
    const citizen = requireCitizen(request);
    const content = request.body.content.trim();
    if (content === '') throw new HttpError(400, INVALID, [{ path: 'content', message: EMPTY_COMMENT }]);
    const comment = await app.db.transaction(async (tx) => {
      const claim = await lockClaim(tx, request.body.claim_id, { citizenId: citizen.id });
      if (!claimIsOpen(claim.status)) throw new HttpError(409, CLAIM_CLOSED_MESSAGE);
      // The citizen writes again after an answer: back in the institution's hands.
      const next = nextClaimStatus(claim.status, 'replicar');
      if (next !== null) await setClaimStatus(tx, claim.id, next);
      return addClaimComment(tx, claim.id, 'ciudadano', null, content);
    });
    return reply.code(201).send({ data: comment });
  });
}
