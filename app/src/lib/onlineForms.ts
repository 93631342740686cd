/**
 * The online services' forms in the browser: each form of schemas/ is its own
 * chunk, loaded when a page or the PREVIEW dialog needs it, with the
 * validators generated at build time (the engine never compiles a schema with
 * `new Function` here, so the Content Security Policy needs no 'unsafe-eval').
 */
import useSWRImmutable from 'swr/immutable';
import { registerPrecompiledValidators, type FormNode, type FormSchema } from '@portal/form-engine';
import { validators } from 'virtual:form-validators';
import { forms } from 'virtual:form-schemas';

registerPrecompiledValidators(validators);

/** A form with its steps: the top-level sections and grids, in order. */
export interface OnlineForm {
  name: string;
  schema: FormSchema;
  sections: { key: string; title: string; node: FormNode }[];
}

export class UnknownFormError extends Error {}

/** Loads a form by its folder name; rejects with UnknownFormError when there is none. */
export async function loadOnlineForm(name: string): Promise<OnlineForm> {
  const load = Object.hasOwn(forms, name) ? forms[name] : undefined;
  if (!load) throw new UnknownFormError(`Formulario desconocido: ${name}`);
  const schema = await load();
  const sections = Object.entries(schema.properties).map(([key, node]) => ({ key, title: node.title ?? key, node }));
  return { name, schema, sections };
}

/** SWR hook of a form (loaded once per page view). */
export function useOnlineForm(name: string) {
  return useSWRImmutable(['form', name], () => loadOnlineForm(name));
}

/** The step a data path belongs to (its first segment). */
export const sectionOf = (path: string): string => path.split('.')[0];

/** A section's title, or its key. */
export const sectionTitle = (form: OnlineForm, key: string): string => form.sections.find((s) => s.key === key)?.title ?? key;
