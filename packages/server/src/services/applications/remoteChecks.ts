/**
 * The lookups the browser runs while the citizen types, repeated by the server
 * on submit (the browser's word is never trusted): cédulas against the JCE,
 * the trade-name certificate and the proposed company name against ONAPI, and
 * every referenced document against the citizen's own documents.
 */
import type { Agencies } from '../../agencies/types';
import type { Db } from '../../db/Db';
import type { FieldError } from '../../http/HttpError';

type Row = Record<string, unknown>;
const obj = (v: unknown): Row => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Row) : {});

/** Paths of document ids in an application (file fields of the form), with their values. */
function documentRefs(data: Row, fileFields: string[]): { path: string; id: number }[] {
  const out: { path: string; id: number }[] = [];
  for (const field of fileFields) {
    const parts = field.split('.');
    const walk = (value: unknown, i: number, path: string[]): void => {
      if (i === parts.length) {
        if (typeof value === 'number') out.push({ path: path.join('.'), id: value });
        return;
      }
      if (parts[i] === '*') {
        if (Array.isArray(value)) value.forEach((row, idx) => walk(row, i + 1, [...path, String(idx)]));
        return;
      }
      walk(obj(value)[parts[i]], i + 1, [...path, parts[i]]);
    };
    walk(data, 0, []);
  }
  return out;
}

export async function remoteChecks(data: Row, agencies: Agencies, db: Db, citizenId: number, fileFields: string[]): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const cedulas: { path: string; value: unknown }[] = [
    { path: 'datos_solicitante.cedula', value: obj(data.datos_solicitante).cedula },
    { path: 'datos_representante.cedula', value: obj(data.datos_representante).cedula },
    ...(Array.isArray(data.propietario_socios) ? data.propietario_socios : []).map((row, i) => ({ path: `propietario_socios.${i}.numero_de_cedula`, value: obj(row).numero_de_cedula })),
  ];
  for (const { path, value } of cedulas) {
    if (typeof value === 'string' && (await agencies.jce.lookup(value)) === null) errors.push({ path, message: 'Cédula inválida' });
  }
  const solicitud = obj(data.datos_solicitud);
  const certificate = solicitud.numero_del_certificado_de_nombre_comercial;
  if (typeof certificate === 'string' && (await agencies.onapi.certificate(certificate)) === null) {
    errors.push({ path: 'datos_solicitud.numero_del_certificado_de_nombre_comercial', message: 'Número de certificado inválido' });
  }
  const name = solicitud['nombre_de_la_empresa_o_razón_social'];
  if (typeof name === 'string' && (await agencies.onapi.verifyName(name)).length > 0) {
    errors.push({ path: 'datos_solicitud.nombre_de_la_empresa_o_razón_social', message: 'Nombre no está disponible' });
  }
  const refs = documentRefs(data, fileFields);
  if (refs.length > 0) {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM documents WHERE citizen_id = $1 AND id = ANY($2::int[])', [citizenId, refs.map((r) => r.id)]);
    const own = new Set(rows.map((r) => r.id));
    for (const ref of refs) if (!own.has(ref.id)) errors.push({ path: ref.path, message: 'Documento no encontrado entre sus documentos' });
  }
  return errors;
}
