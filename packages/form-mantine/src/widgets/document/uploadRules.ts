/** What an upload must satisfy before it is sent (the server checks again, content included). */

/** Spec §5: what a successful and a failed upload say. */
export const UPLOAD_OK = 'Archivo subido de manera correcta';
export const UPLOAD_FAILED = 'Error subiendo documento, intente mas tarde';

/** 50 MB, the portal's upload limit. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Extensions accepted when a file field declares no `x-accept`. */
export const DEFAULT_ACCEPT = ['jpeg', 'jpg', 'png', 'pdf', 'dwg', 'dxf'];

const IMAGE_EXTENSIONS = new Set(['jpeg', 'jpg', 'png', 'gif', 'webp']);

/** Lower-case extension of a file name, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The `accept` attribute of a file input: `.jpeg,.jpg,…`. */
export function acceptAttribute(accept: readonly string[]): string {
  return accept.map((ext) => `.${ext.toLowerCase()}`).join(',');
}

/** A Spanish message when the file cannot be uploaded, or null when it can. */
export function uploadProblem(file: { name: string; size: number }, accept: readonly string[] = DEFAULT_ACCEPT, maxBytes: number = MAX_UPLOAD_BYTES): string | null {
  const ext = extensionOf(file.name);
  if (!accept.map((a) => a.toLowerCase()).includes(ext)) {
    return `Tipo de archivo no permitido. Tipos aceptados: ${accept.join(', ')}.`;
  }
  if (file.size > maxBytes) return `El archivo supera el tamaño máximo de ${Math.round(maxBytes / (1024 * 1024))} MB.`;
  if (file.size === 0) return 'El archivo está vacío.';
  return null;
}

/** Whether a stored document can be shown as an image thumbnail. */
export function isImageExtension(extension: string): boolean {
  return IMAGE_EXTENSIONS.has(extension.replace(/^\./, '').toLowerCase());
}
