/** The formalization form: the same schema file the server validates with. */
import { registerPrecompiledValidators, type FormNode, type FormSchema } from '@portal/form-engine';
import { validators } from 'virtual:form-validators';
import schemaJson from '../../../../schemas/formalizacion/schema.json';

// Validators generated at build time: the engine never compiles a schema with `new Function`
// in the browser, so the portal keeps a Content Security Policy without 'unsafe-eval'.
registerPrecompiledValidators(validators);

export const formalizacion = schemaJson as unknown as FormSchema;

/** Top-level sections and grids, in order: the steps of the application. */
export const SECTIONS: { key: string; title: string; node: FormNode }[] = Object.entries(formalizacion.properties).map(([key, node]) => ({
  key,
  title: node.title ?? key,
  node,
}));

export function sectionTitle(key: string): string {
  return SECTIONS.find((s) => s.key === key)?.title ?? key;
}

/** The step a data path belongs to (its first segment). */
export function sectionOf(path: string): string {
  return path.split('.')[0];
}
