/**
 * The profile form as the server uses it: the same schema file (schemas/perfil)
 * and engine as the browser. The identity fields come from the JCE record the
 * account was made with, never from what was sent.
 */
import { check, prune, todayInDominicanRepublic, type FormSchema } from '@portal/form-engine';
import { loadForm } from '@portal/form-engine/node';
import { profileSchema } from '@portal/api-contract';
import type { FieldError } from '../../http/HttpError';
import { FORBIDDEN_TEXT, hasForbiddenText } from '../../http/unstorableInput';

let schema: FormSchema | null = null;

/** schemas/perfil/schema.json, loaded once. */
export function perfilSchema(): FormSchema {
  schema ??= loadForm('perfil');
  return schema;
}

/** The fields a citizen may change (the schema's fields that are not read-only). */
export function editableFields(): string[] {
  return Object.entries(perfilSchema().properties).filter(([, node]) => !node.readOnly).map(([key]) => key);
}

/** Fields whose JSON type is integer (the select ids). */
function integerFields(): Set<string> {
  return new Set(Object.entries(perfilSchema().properties).filter(([, node]) => node.type === 'integer').map(([key]) => key));
}

export const NOT_A_FIELD = 'Campo desconocido';

/**
 * What GET /profile answers besides the editable fields (the JCE identity, the places' names, the
 * e-mail awaiting its code): a client may send the profile back as it read it, so these are
 * ignored, never stored; any other unknown name is an error.
 */
const RETURNED_READ_ONLY = new Set(Object.keys(profileSchema.properties));
const NOT_A_NUMBER = 'Seleccione una opción de la lista';
export const BAD_PROFILE = 'Datos inválidos';

/**
 * The form's values from the multipart fields: an empty string is null (the
 * spec's clients send null values as empty), ids become numbers, masks'
 * punctuation leaves phone numbers. Unknown or read-only field names are errors.
 */
export function valuesFromFields(fields: Record<string, string>): { values: Record<string, string | number | null>; errors: FieldError[] } {
  const editable = new Set(editableFields());
  const integers = integerFields();
  const values: Record<string, string | number | null> = {};
  const errors: FieldError[] = [];
  for (const [key, raw] of Object.entries(fields)) {
    if (!editable.has(key)) {
      if (RETURNED_READ_ONLY.has(key)) continue;
      errors.push({ path: key.slice(0, 100), message: NOT_A_FIELD });
      continue;
    }
    if (hasForbiddenText(raw)) {
      errors.push({ path: key, message: FORBIDDEN_TEXT });
      continue;
    }
    const text = raw.trim();
    if (text === '' || text === 'null') {
      values[key] = null;
    } else if (integers.has(key)) {
      if (!/^[0-9]{1,9}$/.test(text)) errors.push({ path: key, message: NOT_A_NUMBER });
      else values[key] = Number(text);
    } else if (key === 'telefono' || key === 'celular') {
      values[key] = text.replace(/[()\s-]/g, '');
    } else {
      values[key] = text;
    }
  }
  for (const key of editable) if (!(key in values) && !errors.some((e) => e.path === key)) values[key] = null;
  return { values, errors };
}

/** The engine's verdict on a profile (nulls dropped, identity included), as the browser computes it. */
export function profileVerdict(data: Record<string, unknown>, today: string = todayInDominicanRepublic()): { pruned: Record<string, unknown>; errors: FieldError[] } {
  const form = perfilSchema();
  const present = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined));
  const pruned = prune(form, present, { today });
  const { errors } = check(form, present, { today });
  return { pruned, errors };
}
