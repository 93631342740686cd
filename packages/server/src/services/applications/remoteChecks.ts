/**
 * On submit, every referenced document must be one of the citizen's own
 * documents (the browser's word is never trusted). The registry lookups
 * (JCE, ONAPI) are the schema's `x-lookup`, run by the engine: checkSubmission.ts.
 */
import { templateInstances } from '@portal/form-engine';
import { TYPE_NOT_ALLOWED } from '@portal/form-engine/uploads';
import type { Db } from '../../db/Db';
import type { FieldError } from '../../http/HttpError';

type Row = Record<string, unknown>;

/** A positive PostgreSQL integer (serial ids are int4). */
const isRowId = (id: number): boolean => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** Paths of document ids in an application (file fields of the form), with their values. */
export function documentRefs(data: Row, fileFields: string[]): { path: string; id: number }[] {
  return fileFields.flatMap((field) => templateInstances(data, field).flatMap(({ path, value }) => (typeof value === 'number' ? [{ path, id: value }] : [])));
}

/** A file field of a form: its template path and the extensions it accepts (x-accept, else the form widget's default). */
export interface FileField {
  tpath: string;
  accept: readonly string[];
}

/**
 * Errors for documents a submission cites: each must be one of the citizen's
 * own documents, of a type its field accepts (the upload dialog offers only
 * those; a crafted request citing another of the citizen's files is refused).
 */
export async function remoteChecks(data: Row, db: Db, citizenId: number, fields: FileField[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const refs = fields.flatMap((f) => documentRefs(data, [f.tpath]).map((ref) => ({ ...ref, accept: f.accept })));
  // Only ids a documents row can have reach SQL: 1.5, 3e9 or 2^53 would make the int[] cast fail (a 500).
  const ids = refs.map((r) => r.id).filter(isRowId);
  if (refs.length > 0) {
    const { rows } = ids.length > 0
      ? await db.query<{ id: number; extension: string }>('SELECT id, extension FROM documents WHERE citizen_id = $1 AND id = ANY($2::int[])', [citizenId, ids])
      : { rows: [] };
    const own = new Map(rows.map((r) => [r.id, r.extension.toLowerCase()]));
    for (const ref of refs) {
      const extension = own.get(ref.id);
      if (extension === undefined) errors.push({ path: ref.path, message: 'Documento no encontrado entre sus documentos' });
      else if (!ref.accept.includes(extension)) errors.push({ path: ref.path, message: TYPE_NOT_ALLOWED });
    }
  }
  return errors;
}
