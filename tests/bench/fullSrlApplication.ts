/** The benchmark's workload: a complete SRL application with 5 partners, 5 banks and 5 branches. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export function fullSrlApplication(): Record<string, unknown> {
  const file = resolve(import.meta.dirname, '../../schemas/formalizacion/fixtures/valid/srl-completa.json');
  const data = structuredClone(JSON.parse(readFileSync(file, 'utf8')).data) as Record<string, any>;
  const partners = data.propietario_socios as Record<string, unknown>[];
  while (partners.length < 5) partners.push({ ...structuredClone(partners[partners.length % 2]) });
  data.referencias_bancarias = [1, 2, 3, 4, 5].map((id) => ({ nombre_del_banco: id }));
  const branches = data.informacion_empresarial.listado_sucursales as Record<string, unknown>[];
  while (branches.length < 5) branches.push({ ...structuredClone(branches[0]), nombre_sucursal: `Sucursal ${branches.length + 1}` });
  const products = data.actividades_empresariales.productos_y_servicios as Record<string, unknown>[];
  while (products.length < 5) products.push({ nombre_del_producto_o_servicio: `Producto ${products.length + 1}` });
  return data;
}
