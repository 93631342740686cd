/**
 * The portal's upload rules for the form's widgets and the app: the one
 * definition the server also uses (@portal/form-engine/uploads), plus the
 * form's own default list for file fields that declare no `x-accept`.
 */
import { FORM_DEFAULT_ACCEPT, fileTypeOf } from '@portal/form-engine/uploads';

export {
  EMPTY_FILE, INVALID_FILE, INVALID_NAME, MAX_FILES, MAX_UPLOAD_BYTES, NAME_HINT, NO_FILE, PORTAL_ACCEPT, REJECTION_MESSAGES,
  SIGNATURE_BYTES, TOO_LARGE, TOO_MANY, TYPE_NOT_ALLOWED, UPLOAD_FAILED, UPLOAD_OK,
  acceptAttribute, contentMatches, extensionOf, fileTypeOf, isImageExtension, rejectionMessage, splitFileName, uploadProblem,
} from '@portal/form-engine/uploads';

/** Extensions a form's file field takes when it declares no `x-accept` (the formalization form's list). */
export const DEFAULT_ACCEPT: readonly string[] = FORM_DEFAULT_ACCEPT;

/**
 * A drop zone's `accept`: MIME type -> extensions. A file passes on either, so a
 * drawing the browser types as '' still passes on its extension.
 */
export function dropzoneAccept(accept: readonly string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const ext of accept) {
    const mime = fileTypeOf(ext)?.mime;
    if (mime) (out[mime] ??= []).push(`.${ext.toLowerCase()}`);
  }
  return out;
}
