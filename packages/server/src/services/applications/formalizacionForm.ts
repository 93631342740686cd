/** The formalization form as the server uses it: the same schema file and engine as the browser. */
import { check, compileForm, prune, todayInDominicanRepublic, type FormSchema, type PathMessage } from '@portal/form-engine';
import { loadForm } from '@portal/form-engine/node';

let schema: FormSchema | null = null;

export function formalizacionSchema(): FormSchema {
  schema ??= loadForm('formalizacion');
  return schema;
}

/** Paths (with `*` for grid rows) of the form's file fields: their values are document ids. */
export function fileFields(): string[] {
  return compileForm(formalizacionSchema()).templates.filter((t) => t.node['x-widget'] === 'file').map((t) => t.tpath);
}

/** Prunes hidden values and validates, as the browser does; `today` is the Dominican date unless given. */
export function verdict(data: unknown, today: string = todayInDominicanRepublic()): { pruned: Record<string, unknown>; errors: PathMessage[] } {
  const form = formalizacionSchema();
  const pruned = prune(form, data, { today });
  const { errors } = check(form, data, { today });
  return { pruned, errors };
}
