/**
 * The citizen's profile under /v1/portals/citizen-profile: read it, update
 * contact and address (multipart, validated by the engine with schemas/perfil
 * as in the browser), and confirm a new e-mail with the code sent to it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PROFILE_CURRENT_PASSWORD_FIELD } from '@portal/api-contract';
import { HttpError, type FieldError } from '../../http/HttpError';
import { TOO_MANY_ATTEMPTS } from '../../http/installErrorHandler';
import type { SchemaTypeProvider } from '../../http/schemaTypeProvider';
import { requireCitizen } from '../../plugins/app/registerAuth';
import { listAnswers } from '../../services/applications/ownRouteAnswers';
import { sourceChecks, sourceFields } from '../../services/applications/sourceChecks';
import { takeAttempt } from '../../services/attemptCounter';
import { updateCitizenEmail } from '../../services/citizenStore';
import { verifyCurrentPassword } from '../../services/currentPassword';
import { queueMail } from '../../services/mail/queueMail';
import { newCode, sameHmac } from '../../services/oneTimeCode';
import {
  cancelEmailChange, emailCodeHmac, emailCodeMail, startEmailChange, takeEmailChange, takeEmailCodeAttempt,
} from '../../services/profile/emailChange';
import { EMAIL_UNDO_PATH, emailChangedMail, recordEmailUndo } from '../../services/profile/emailUndo';
import { BAD_PROFILE, perfilSchema, profileVerdict, valuesFromFields } from '../../services/profile/profileForm';
import { readProfile, saveContactAddress, type Profile } from '../../services/profile/profileStore';
import { revokeCitizenSessions } from '../../services/sessionStore';
import { confirmEmailSchema, profileSchema, updateSchema } from './profileSchemas';

const NOT_FOUND = 'Recurso no encontrado';
export const INVALID_EMAIL_CODE = 'Código inválido o vencido';
const FILE_NOT_ALLOWED = 'Este formulario no admite archivos';
const REPEATED = 'Campo repetido';
const HOUR = 3600;

/** The multipart fields of a request, by name; a file or a repeated field is a 400. */
async function fieldsOf(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw new HttpError(415, 'Se esperaba un formulario multipart');
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const errors: FieldError[] = [];
  try {
    for await (const part of request.parts({ limits: { files: 1, fields: 16, parts: 17, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        part.file.resume();
        errors.push({ path: part.fieldname.slice(0, 100), message: FILE_NOT_ALLOWED });
        continue;
      }
      if (part.fieldname in fields) errors.push({ path: part.fieldname.slice(0, 100), message: REPEATED });
      else if (part.valueTruncated) errors.push({ path: part.fieldname.slice(0, 100), message: 'El valor es demasiado largo' });
      else fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    const known = error as { statusCode?: number; code?: string };
    if (error instanceof HttpError || known.code !== undefined || known.statusCode !== undefined) throw error;
    throw new HttpError(400, 'Formulario inválido');
  }
  if (errors.length > 0) throw new HttpError(400, BAD_PROFILE, errors);
  return fields;
}

/** The profile of a citizen known to exist (the session's). */
async function profileOf(app: FastifyInstance, citizenId: number): Promise<Profile> {
  const profile = await readProfile(app.db, citizenId);
  if (profile === null) throw new HttpError(404, NOT_FOUND);
  return profile;
}

/** Registered in the citizen context (registerRoutes.ts), which adds app.authenticate to each route. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const typed = app.withTypeProvider<SchemaTypeProvider>();
  const base = '/portals/citizen-profile';

  typed.get(`${base}/profile`, { schema: profileSchema }, async (request) => {
    const citizen = requireCitizen(request);
    return { data: await profileOf(app, citizen.id) };
  });

  typed.post(`${base}/:id/update`, { schema: updateSchema }, async (request) => {
    const citizen = requireCitizen(request);
    // Another citizen's profile answers like a missing one, before anything is read or written.
    if (Number(request.params.id) !== citizen.id) throw new HttpError(404, NOT_FOUND);
    const { [PROFILE_CURRENT_PASSWORD_FIELD]: currentPassword, ...profileFields } = await fieldsOf(request);
    const { values, errors: fieldErrors } = valuesFromFields(profileFields);
    if (fieldErrors.length > 0) throw new HttpError(400, BAD_PROFILE, fieldErrors);

    const current = await profileOf(app, citizen.id);
    const { pruned, errors } = profileVerdict({ ...values, cedula: current.cedula, nombres: current.nombres, apellidos: current.apellidos });
    const errored = new Set(errors.map((e) => e.path));
    // Provincia, municipio and sector must be in the lists the browser offered (the same routes).
    for (const e of await sourceChecks(pruned, sourceFields(perfilSchema()), listAnswers(app))) {
      if (!errored.has(e.path)) errors.push(e);
    }
    if (errors.length > 0) throw new HttpError(400, BAD_PROFILE, errors);

    const text = (key: string) => (typeof pruned[key] === 'string' ? (pruned[key] as string) : null);
    const id = (key: string) => (typeof pruned[key] === 'number' ? (pruned[key] as number) : null);
    const email = (text('correo_electronico') ?? '').toLowerCase();
    const changesEmail = email !== current.correo_electronico.toLowerCase();
    // A session alone never changes how the account is reached: a new address needs the current password, checked
    // before anything is saved. Another code to the address already waiting (its change was authorized) does not.
    if (changesEmail && email !== current.correo_pendiente?.toLowerCase()) {
      await verifyCurrentPassword(app, { citizenId: citizen.id, password: currentPassword, ip: request.ip, field: PROFILE_CURRENT_PASSWORD_FIELD });
    }
    // Each save with a new e-mail mails a code (again for the same address: a resend): bounded per account.
    if (changesEmail && !(await takeAttempt(app.db, [{ key: `email-change:${citizen.id}`, max: 5, windowSeconds: HOUR }]))) {
      throw new HttpError(429, TOO_MANY_ATTEMPTS);
    }
    await app.db.transaction(async (tx) => {
      await saveContactAddress(tx, citizen.id, {
        telefono: text('telefono'),
        celular: text('celular'),
        provincia: id('provincia'),
        municipio: id('municipio'),
        sector: id('sector'),
        calle: text('calle'),
        numero_de_casa_o_apartamento: text('numero_de_casa_o_apartamento'),
      });
      if (!changesEmail) {
        await cancelEmailChange(tx, citizen.id);
        return;
      }
      const code = newCode();
      await startEmailChange(tx, citizen.id, email, emailCodeHmac(app.secretKey, citizen.id, email, code));
      await queueMail(tx, emailCodeMail(email, current.nombres, code));
    });
    if (changesEmail) app.kickMail();
    return {
      message: changesEmail
        ? `Sus datos se guardaron. Le enviamos un código a ${email}: escríbalo para confirmar su nuevo correo.`
        : 'Sus datos se guardaron.',
      data: await profileOf(app, citizen.id),
      email_change_pending: changesEmail,
    };
  });

  typed.post(`${base}/email/confirm`, { schema: confirmEmailSchema }, async (request) => {
    const citizen = requireCitizen(request);
    // Counted before the comparison: parallel guesses cannot exceed five per code.
    const pending = await takeEmailCodeAttempt(app.db, citizen.id);
    if (pending === null || !sameHmac(pending.codeHmac, emailCodeHmac(app.secretKey, citizen.id, pending.newEmail, request.body.code))) {
      throw new HttpError(400, INVALID_EMAIL_CODE, [{ path: 'code', message: INVALID_EMAIL_CODE }]);
    }
    const before = await profileOf(app, citizen.id);
    const applied = await app.db.transaction(async (tx) => {
      // Only the change that was checked: a newer one (another tab) keeps waiting for its own code.
      if (!(await takeEmailChange(tx, citizen.id, pending))) return false;
      await updateCitizenEmail(tx, citizen.id, pending.newEmail);
      // The old address is told, with a link that undoes the change for 7 days (services/profile/emailUndo.ts).
      const undoToken = await recordEmailUndo(tx, citizen.id, before.correo_electronico, pending.newEmail);
      const undoUrl = `${app.config.publicUrl}${EMAIL_UNDO_PATH}?token=${undoToken}`;
      await queueMail(tx, emailChangedMail(before.correo_electronico, before.nombres, pending.newEmail, undoUrl));
      // Every other session ends: one opened elsewhere does not outlive a change of how the account is reached.
      await revokeCitizenSessions(tx, citizen.id, request.sessionTokenHash);
      return true;
    });
    if (!applied) throw new HttpError(400, INVALID_EMAIL_CODE, [{ path: 'code', message: INVALID_EMAIL_CODE }]);
    // The ended sessions and the cached citizen (its e-mail, /me): forgotten here and, on PostgreSQL, on every server.
    app.sessionCache.forgetCitizen(citizen.id);
    app.kickMail();
    return { message: 'Su correo se actualizó. Desde ahora los avisos y códigos llegarán a esa dirección.', data: await profileOf(app, citizen.id) };
  });
}
