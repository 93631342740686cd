/**
 * The server's view of the portal's upload rules: one definition shared with
 * the browser (@portal/form-engine/uploads). The server stores the portal's
 * list (spec §5) and the forms' own additions (DXF drawings), since the forms'
 * upload dialogs send to the same route; each form field narrows it with `x-accept`.
 */
import { fileTypeOf, type FileType } from '@portal/form-engine/uploads';

export {
  ContentCheck, FILE_NAME_RULE, SIGNATURE_BYTES, detectKinds, splitFileName, type ContentKind,
} from '@portal/form-engine/uploads';

/** The type the server stores a file with this extension as, or undefined when it is not accepted. */
export function allowedType(extension: string): FileType | undefined {
  return fileTypeOf(extension);
}
