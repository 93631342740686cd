/**
 * RJSF v6 gives each field the DOM id `[idPrefix, ...fieldPathId.path].join(idSeparator)`
 * (see `toFieldPathId` in @rjsf/utils): `root_datos_solicitante_cedula`,
 * `root_propietario_socios_0_nombres`. SchemaForm keeps RJSF's defaults.
 */
export const ID_PREFIX = 'root';
export const ID_SEPARATOR = '_';

/** The DOM id RJSF gives the input of a field at a dot path (the root is `root`). */
export function pathToId(path: string, idPrefix: string = ID_PREFIX, idSeparator: string = ID_SEPARATOR): string {
  return [idPrefix, ...(path === '' ? [] : path.split('.'))].join(idSeparator);
}
