/**
 * Finding and reading form files on disk (Node only). A form is named by its
 * folder under schemas/ (`formalizacion`) or given as a path to a schema file
 * or folder.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormSchema } from '../types';

/** The repository's schemas/ folder (overridable with FORM_SCHEMAS_DIR). */
export function schemasDir(): string {
  if (process.env.FORM_SCHEMAS_DIR) return resolve(process.env.FORM_SCHEMAS_DIR);
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../../schemas');
}

/** A form's name: its folder under schemas/, lowercase words joined by hyphens (renovacion-licencia-conducir). */
export const FORM_NAME_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
/** The longest form name (addresses and database columns name forms). */
export const FORM_NAME_MAX_LENGTH = 60;
const FORM_NAME_RE = new RegExp(FORM_NAME_PATTERN);

/** Whether `name` is a form's name (FORM_NAME_PATTERN, at most FORM_NAME_MAX_LENGTH characters). */
export function isFormName(name: string): boolean {
  return name.length <= FORM_NAME_MAX_LENGTH && FORM_NAME_RE.test(name);
}

/**
 * The forms built into the portal: the profile and «Sugerir un servicio» are not online services; the
 * app compiles them (virtual:form-validators/<form>) and the server reads their files, so a change to
 * them is a release of the portal, never a publication (issue 26).
 */
export const BUILT_IN_FORMS: readonly string[] = ['perfil', 'sugerencia-servicio'];

/** Names of the forms under schemas/ (folders holding a schema.json). */
export function listForms(dir: string = schemasDir()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'schema.json')))
    .sort();
}

/** Resolves a form name or path to the schema file path; null when there is none. */
export function formFile(nameOrPath: string): string | null {
  const byName = join(schemasDir(), nameOrPath, 'schema.json');
  if (/^[\w-]+$/.test(nameOrPath) && existsSync(byName)) return byName;
  const p = resolve(nameOrPath);
  if (!existsSync(p)) return null;
  if (statSync(p).isDirectory()) return existsSync(join(p, 'schema.json')) ? join(p, 'schema.json') : null;
  return p;
}

export class FormFileError extends Error {}

/** Reads and parses a form file; throws FormFileError with a Spanish message when it cannot. */
export function readFormFile(file: string): FormSchema {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new FormFileError(`No se puede leer el archivo ${file}`);
  }
  try {
    return JSON.parse(text) as FormSchema;
  } catch (e) {
    throw new FormFileError(`${file}: JSON inválido (${(e as Error).message})`);
  }
}

const loaded = new Map<string, FormSchema>();

/** Loads a form by name or path, once per process. */
export function loadForm(nameOrPath: string): FormSchema {
  const file = formFile(nameOrPath);
  if (!file) throw new FormFileError(`Formulario desconocido: ${nameOrPath}`);
  let schema = loaded.get(file);
  if (!schema) {
    schema = readFormFile(file);
    loaded.set(file, schema);
  }
  return schema;
}
