/**
 * The online services of the catalogue as the server runs them: a service
 * whose `formulario` names a folder of schemas/ is applied for through that
 * schema, with the same engine as the browser. Nothing here knows a form's
 * fields: an analyst adds an online service with a schema folder and a
 * catalogue entry (docs/rules-language.md, README).
 */
import { check, compileForm, prune, todayInDominicanRepublic, type FormSchema, type PathMessage } from '@portal/form-engine';
import { BUILT_IN_FORMS, FORM_NAME_MAX_LENGTH, FORM_NAME_PATTERN, isFormName } from '@portal/form-engine/node';
import { FORM_DEFAULT_ACCEPT } from '@portal/form-engine/uploads';
import type { Queryable } from '../../db/Db';
import type { FileField } from './remoteChecks';
import { currentFormVersion, formVersion, type FormVersion } from '../forms/formVersions';

/** The acronym naming a catalogue service's institution (who is paid, who acts on its requests), or PORTAL when it has none. */
export function institutionAcronym(sigla: string | null): string {
  const acronym = (sigla ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  return acronym.length >= 2 ? acronym.slice(0, 20) : 'PORTAL';
}

/** What a form's address answers when no version of it was published. */
export const FORM_NOT_FOUND = 'Formulario no encontrado';

/** Why a built-in form (the profile, «Sugerir un servicio») is not published. */
export const BUILT_IN_FORM = 'Este formulario viene con el portal (no es un servicio en línea): se cambia con una versión nueva del portal, no se publica';

/** The `:form` of an address (the engine's rule for a form's name), for the routes' schemas. */
export const FORM_PARAM = {
  type: 'string', pattern: FORM_NAME_PATTERN, maxLength: FORM_NAME_MAX_LENGTH,
  description: 'Formulario del servicio en línea (carpeta de schemas/, p. ej. renovacion-licencia-conducir)',
} as const;

/** The catalogue service an online form belongs to. */
export interface OnlineService {
  form: string;
  slug: string;
  name: string;
  /** RD$; 0 when free. */
  cost: number;
  /** The institution's acronym (who is paid and who acts on the request). */
  institution: string;
}

/**
 * How long a form's catalogue entry is kept in memory: the catalogue changes
 * only by import, as its lists' one-minute cache (and, like them, an import's
 * notification forgets it at once: forgetOnlineServices).
 */
export const ONLINE_SERVICE_TTL_MS = 60_000;
/** Per database (tests build several apps in one process), per form. */
const services = new WeakMap<object, Map<string, { at: number; service: Promise<OnlineService | null> }>>();

/** Forgets the online services kept for `db` (the catalogue was imported again). */
export function forgetOnlineServices(db: Queryable): void {
  services.delete(db);
}

async function readOnlineService(db: Queryable, form: string): Promise<OnlineService | null> {
  const { rows } = await db.query<{ slug: string; nombre: string; costo: string | number | null; sigla: string | null }>(
    `SELECT s.slug, s.nombre, s.costo, i.sigla FROM catalogo_servicios s LEFT JOIN catalogo_instituciones i ON i.id = s.institucion_id
     WHERE s.formulario = $1 ORDER BY s.id LIMIT 1`,
    [form],
  );
  if (!rows[0] || (await currentForm(db, form)) === null) return null;
  return { form, slug: rows[0].slug, name: rows[0].nombre, cost: Number(rows[0].costo ?? 0), institution: institutionAcronym(rows[0].sigla) };
}

/**
 * The online service whose form is `form`, or null when no catalogue service
 * names it or schemas/ has no such form (the address then answers 404).
 * Every application call asks (autosave included): the answer is kept for
 * ONLINE_SERVICE_TTL_MS per database, so an import is seen within a minute.
 */
export function onlineService(db: Queryable, form: string): Promise<OnlineService | null> {
  if (!isFormName(form)) return Promise.resolve(null);
  let byForm = services.get(db);
  if (!byForm) services.set(db, (byForm = new Map()));
  const kept = byForm.get(form);
  if (kept && Date.now() - kept.at < ONLINE_SERVICE_TTL_MS) return kept.service;
  const service = readOnlineService(db, form);
  const cache = byForm;
  const entry = { at: Date.now(), service };
  cache.set(form, entry);
  // A failed read is not kept (unless a newer read replaced it meanwhile).
  service.catch(() => cache.get(form) === entry && cache.delete(form));
  return service;
}

/** The names of the catalogue's services by form, for lists that show several forms' requests. */
export async function serviceNames(db: Queryable, forms: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (forms.length === 0) return names;
  const { rows } = await db.query<{ formulario: string; nombre: string }>(
    'SELECT DISTINCT ON (formulario) formulario, nombre FROM catalogo_servicios WHERE formulario = ANY($1::text[]) ORDER BY formulario, id',
    [[...new Set(forms)]],
  );
  for (const row of rows) names.set(row.formulario, row.nombre);
  return names;
}

/** The published form's current version (services/forms/formVersions.ts); null when there is no such form. */
export async function currentForm(db: Queryable, form: string): Promise<FormVersion | null> {
  if (!isFormName(form) || BUILT_IN_FORMS.includes(form)) return null;
  return currentFormVersion(db, form);
}

/** The form an application is read through, and that version's number. */
export interface RowForm {
  /** Null when the form was never published (no such folder in schemas/). */
  schema: FormSchema | null;
  version: number;
}

/**
 * The version an application is read through: the one it is on (a draft) or was submitted under (a
 * request), forever; the current one for a row written before versions existed (the start-up
 * publication gives those version 1). A form never published still names a number: the row's, else 1.
 */
export async function formOfRow(db: Queryable, row: { form: string; form_version: number | null }): Promise<RowForm> {
  const found = row.form_version === null ? await currentForm(db, row.form) : await formVersion(db, row.form, row.form_version);
  return { schema: found?.schema ?? null, version: found?.version ?? row.form_version ?? 1 };
}

/** Paths (with `*` for grid rows) of a form's file fields: their values are document ids. */
export function fileFields(schema: FormSchema): string[] {
  return compileForm(schema).templates.filter((t) => t.node['x-widget'] === 'file').map((t) => t.tpath);
}

/** A form's file fields with the extensions each accepts: its x-accept, else the form widget's default list. */
export function fileFieldTypes(schema: FormSchema): FileField[] {
  return compileForm(schema).templates
    .filter((t) => t.node['x-widget'] === 'file')
    .map((t) => ({ tpath: t.tpath, accept: (t.node['x-accept'] ?? FORM_DEFAULT_ACCEPT).map((e) => e.toLowerCase()) }));
}

/** Prunes hidden values and validates, as the browser does; `today` is the Dominican date unless given. */
export function verdict(schema: FormSchema, data: unknown, today: string = todayInDominicanRepublic()): { pruned: Record<string, unknown>; errors: PathMessage[] } {
  return { pruned: prune(schema, data, { today }), errors: check(schema, data, { today }).errors };
}
