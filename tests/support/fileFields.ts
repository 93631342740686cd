/** The formalization form's file fields, for tests that build a submittable draft through the API. */
import { compileForm, type FormSchema } from '@portal/form-engine';
import schemaJson from '../../schemas/formalizacion/schema.json';
import type { Data } from './portal';

/** Every file field present in `data` (grid rows included) set to `documentId`. */
export function setFileFields(data: Data, documentId: number): void {
  for (const t of compileForm(schemaJson as unknown as FormSchema).templates.filter((x) => x.node['x-widget'] === 'file')) {
    const parts = t.tpath.split('.');
    const walk = (node: unknown, i: number): void => {
      if (node === null || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      if (i === parts.length - 1) {
        if (parts[i] in obj) obj[parts[i]] = documentId;
        return;
      }
      if (parts[i] === '*') (node as unknown[]).forEach((row) => walk(row, i + 1));
      else walk(obj[parts[i]], i + 1);
    };
    walk(data, 0);
  }
}
