/**
 * Application data for API tests: the engine's complete SRL fixture with the
 * sandbox registries' values (cédulas the sandbox JCE knows, a registered
 * certificate) and the citizen's own uploaded document in every file field.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileForm, type FormSchema } from '@portal/form-engine';
import { SANDBOX_JCE_CITIZENS, SANDBOX_ONAPI_CERTIFICATES } from '../src/agencies/sandbox/sandboxData';

const root = resolve(import.meta.dirname, '../../..');
const schema = JSON.parse(readFileSync(resolve(root, 'schemas/formalizacion/schema.json'), 'utf8')) as FormSchema;

export function fixtureData(name: string): Record<string, any> {
  return JSON.parse(readFileSync(resolve(root, `schemas/formalizacion/fixtures/${name}`), 'utf8')).data;
}

/** Sets every file field present in `data` (grid rows included) to `documentId`. */
export function setFiles(data: Record<string, any>, documentId: number): void {
  for (const t of compileForm(schema).templates.filter((x) => x.node['x-widget'] === 'file')) {
    const parts = t.tpath.split('.');
    const walk = (node: any, i: number): void => {
      if (node === null || typeof node !== 'object') return;
      if (i === parts.length - 1) {
        if (parts[i] in node) node[parts[i]] = documentId;
        return;
      }
      if (parts[i] === '*') (node as any[]).forEach((row) => walk(row, i + 1));
      else walk(node[parts[i]], i + 1);
    };
    walk(data, 0);
  }
}

export function submittableSrl(documentId: number): Record<string, any> {
  const data = fixtureData('valid/srl-completa.json');
  const [a, b, c] = SANDBOX_JCE_CITIZENS;
  data.datos_representante.cedula = a.cedula;
  data.propietario_socios[0].numero_de_cedula = b.cedula;
  if (data.detalles_factura.cedula) data.detalles_factura.cedula = c.cedula;
  data.datos_solicitud.numero_del_certificado_de_nombre_comercial = SANDBOX_ONAPI_CERTIFICATES[0].numero;
  setFiles(data, documentId);
  return data;
}
