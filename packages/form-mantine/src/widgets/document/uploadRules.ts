/**
 * The portal's upload rules for the form's widgets and the app: the one
 * definition the server also uses (@portal/form-engine/uploads), plus the
 * form's own default list for file fields that declare no `x-accept`.
 */
import { EMPTY_FILE, FORM_DEFAULT_ACCEPT, SIGNATURE_BYTES, TYPE_NOT_ALLOWED, extensionOf, headMatches, uploadProblem } from '@portal/form-engine/uploads';

export {
  EMPTY_FILE, INVALID_FILE, INVALID_NAME, MAX_FILES, MAX_UPLOAD_BYTES, NAME_HINT, NO_FILE, PORTAL_ACCEPT, REJECTION_MESSAGES,
  SIGNATURE_BYTES, TOO_LARGE, TOO_MANY, TYPE_NOT_ALLOWED, UPLOAD_FAILED, UPLOAD_OK,
  acceptAttribute, contentMatches, extensionOf, fileTypeOf, isImageExtension, rejectionMessage, splitFileName, uploadProblem,
} from '@portal/form-engine/uploads';

/** Extensions a form's file field takes when it declares no `x-accept` (the formalization form's list). */
export const DEFAULT_ACCEPT: readonly string[] = FORM_DEFAULT_ACCEPT;

/**
 * A drop zone's own checks, so its rejection codes are spec §5's: a type
 * outside `accept` is file-invalid-type, an empty file file-too-small (its
 * maxSize and maxFiles give file-too-large and too-many-files). While a file
 * is only dragged its name is unknown, and it passes.
 */
export function dropValidator(accept: readonly string[]): (file: File) => { code: string; message: string } | null {
  return (file) => {
    if (typeof file.name !== 'string' || file.name === '') return null;
    if (!accept.some((a) => a.toLowerCase() === extensionOf(file.name))) return { code: 'file-invalid-type', message: TYPE_NOT_ALLOWED };
    if (file.size === 0) return { code: 'file-too-small', message: EMPTY_FILE };
    return null;
  };
}

/**
 * Everything the browser can check before sending, as the server will: the
 * name, the type against `accept`, the size, and the file's first bytes
 * against its extension. A Spanish message, or null when it may be sent.
 */
export async function checkFile(file: File, accept: readonly string[]): Promise<string | null> {
  const problem = uploadProblem(file, accept);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer());
  return headMatches(extensionOf(file.name), head, file.size <= SIGNATURE_BYTES) ? null : TYPE_NOT_ALLOWED;
}
