/** The profile form: the same schema file (schemas/perfil) the server validates an update with. */
import { registerPrecompiledValidators, type FormSchema } from '@portal/form-engine';
import { validators } from 'virtual:form-validators';
import type { CitizenProfile } from '@portal/api-contract';
import schemaJson from '../../../../schemas/perfil/schema.json';

// Validators generated at build time (no `new Function` in the browser: the CSP has no 'unsafe-eval').
registerPrecompiledValidators(validators);

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
