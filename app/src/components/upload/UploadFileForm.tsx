import { FileUploadForm } from '@portal/form-mantine/upload-form';
import { PORTAL_ACCEPT, UPLOAD_FAILED } from '@portal/form-mantine/upload-rules';
import { errorMessage } from '../../lib/apiError';

export interface UploadFileFormProps {
  /** Sends the checked file; a thrown error is shown in the dialog and the file stays chosen. Required. */
  send(file: File): Promise<void>;
  /** The Cancel button. Required. */
  onCancel(): void;
  /** The send button's text. Default: 'Subir'. */
  submitLabel?: string;
}

/**
 * One file under the portal's upload rules (spec §5), for the upload dialogs
 * (FILE_UPLOAD_MODAL, UPLOAD_FILE_TO_REQUEST): dropped on the zone or chosen
 * with the labelled file input (the keyboard's way). The rules (the name, the
 * portal's types, 50 MB, not empty, the first bytes) are checked before
 * sending and shown on the file input inside the dialog; the server checks
 * again and its refusal is shown there too. A failure keeps the chosen file.
 */
export function UploadFileForm({ send, onCancel, submitLabel = 'Subir' }: UploadFileFormProps) {
  return (
    <FileUploadForm
      accept={PORTAL_ACCEPT}
      send={send}
      failureText={(error) => errorMessage(error, UPLOAD_FAILED)}
      onCancel={onCancel}
      submitLabel={submitLabel}
      autoFocus
    />
  );
}
