/** Content kinds the portal accepts, recognised by their first bytes. */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'dwg' | 'dxf';

/** Allowed extensions -> expected content kind and the MIME type it is served with. */
export const ALLOWED_EXTENSIONS: Record<string, { kind: FileKind; mime: string }> = {
  pdf: { kind: 'pdf', mime: 'application/pdf' },
  png: { kind: 'png', mime: 'image/png' },
  jpg: { kind: 'jpeg', mime: 'image/jpeg' },
  jpeg: { kind: 'jpeg', mime: 'image/jpeg' },
  dwg: { kind: 'dwg', mime: 'image/vnd.dwg' },
  dxf: { kind: 'dxf', mime: 'image/vnd.dxf' },
};

/** The spec's file name rule, applied to the whole original name. */
export const FILE_NAME_RULE = /^[A-Za-z0-9Ññ .]+$/;
const MAX_NAME_LENGTH = 200;

/** Bytes needed before the content kind can be decided (the longest signature). */
export const SIGNATURE_BYTES = 16;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Splits a file name into name and lower-case extension, or null when it breaks the name rule. */
export function splitFileName(fileName: string): { name: string; extension: string } | null {
  if (fileName.length > MAX_NAME_LENGTH || !FILE_NAME_RULE.test(fileName)) return null;
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return { name: fileName, extension: '' };
  const name = fileName.slice(0, dot);
  if (!/[A-Za-z0-9Ññ]/.test(name)) return null;
  return { name, extension: fileName.slice(dot + 1).toLowerCase() };
}

/** Content kind from the first bytes, or null when no allowed signature matches. */
export function detectKind(head: Buffer): FileKind | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(PNG)) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'AC10') return 'dwg';
  if (/^\s*0\r?\nSECTION/.test(head.subarray(0, 64).toString('latin1'))) return 'dxf';
  return null;
}
