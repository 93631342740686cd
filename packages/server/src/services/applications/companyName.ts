/** The name an application is listed by on the citizen's home page. */

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The company's name when the draft has one: the proposed name (when there is
 * no trade-name certificate yet), else the establishment's name. Null before
 * the citizen has written either; the list then shows "Borrador n.º N".
 */
export function companyNameOf(data: Record<string, unknown>): string | null {
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const solicitud = obj(data.datos_solicitud);
  const proposed = solicitud.tienes_nombre_comercial === false ? text(solicitud['nombre_de_la_empresa_o_razón_social']) : null;
  return proposed ?? text(obj(data.datos_empresa).nombre_del_establecimiento_razon_social);
}
