/**
 * The service-suggestion form as the server uses it: the same schema file
 * (schemas/sugerencia-servicio) and engine as the browser's SERVICE_RECOMENDED
 * modal, so both give the same Spanish message on the same field.
 */
import { check, prune, type FormSchema } from '@portal/form-engine';
import { loadForm } from '@portal/form-engine/node';
import type { FieldError } from '../../http/HttpError';

let schema: FormSchema | null = null;

/** schemas/sugerencia-servicio/schema.json, loaded once. */
export function suggestionSchema(): FormSchema {
  schema ??= loadForm('sugerencia-servicio');
  return schema;
}

/** The six fields of a suggestion, in the schema's order. */
export const SUGGESTION_FIELDS = ['service_title', 'institution_name', 'person_name', 'person_last_name', 'person_email', 'person_phone'] as const;

export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];

/** A suggestion the engine accepted: every field present, trimmed, the phone as 10 digits. */
export type SuggestionValues = Record<SuggestionField, string>;

/**
 * The form's values from the body's strings: trimmed, an empty string is
 * missing (the engine then says "Este campo es requerido"), and the phone
 * loses the mask's punctuation, "(809) 555-0142" → "8095550142", as the
 * browser's masked input stores it.
 */
export function suggestionValues(body: Partial<Record<SuggestionField, string>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of SUGGESTION_FIELDS) {
    const raw = body[key];
    if (typeof raw !== 'string') continue;
    const text = key === 'person_phone' ? raw.replace(/[()\s.-]/g, '') : raw.trim();
    if (text !== '') values[key] = text;
  }
  return values;
}

/** The engine's verdict on a suggestion: the accepted values, or the field errors the browser shows. */
export function suggestionVerdict(values: Record<string, string>): { ok: true; values: SuggestionValues } | { ok: false; errors: FieldError[] } {
  const form = suggestionSchema();
  const { errors } = check(form, values);
  if (errors.length > 0) return { ok: false, errors };
  const pruned = prune(form, values) as Record<string, unknown>;
  const accepted = {} as SuggestionValues;
  for (const key of SUGGESTION_FIELDS) accepted[key] = String(pruned[key]);
  return { ok: true, values: accepted };
}
