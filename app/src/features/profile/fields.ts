/** The profile form's schema (schemas/perfil) and its fields, without the engine's validators (form.ts registers those). */
import type { FormSchema } from '@portal/form-engine';
import type { CitizenProfile } from '@portal/api-contract';
import schemaJson from '../../../../schemas/perfil/schema.json';

export const perfil = schemaJson as unknown as FormSchema;

/** The fields the citizen may change (not read-only), in the schema's order. */
export const EDITABLE: string[] = Object.entries(perfil.properties).filter(([, node]) => !node.readOnly).map(([key]) => key);

/** The form's data for a profile: identity and what the citizen keeps; no nulls (an empty field). */
export function formDataOf(profile: CitizenProfile): Record<string, unknown> {
  const data: Record<string, unknown> = { cedula: profile.cedula, nombres: profile.nombres, apellidos: profile.apellidos };
  for (const key of EDITABLE) {
    const value = (profile as Record<string, unknown>)[key];
    if (value !== null && value !== undefined) data[key] = value;
  }
  return data;
}
