import { useRef } from 'react';
import { Modal } from '@mantine/core';
import type { FormApi, Notify, StoredDocument } from '../../types';
import { FileUploadForm } from './FileUploadForm';
import { UPLOAD_FAILED, UPLOAD_OK } from './uploadRules';

export { UPLOAD_FAILED, UPLOAD_OK } from './uploadRules';
export const NO_SESSION = 'No hay una sesión activa: el documento no se subió.';

export interface UploadDialogProps {
  /** Whether the dialog is open. Required. */
  opened: boolean;
  /** Closes the dialog. Required. */
  onClose(): void;
  /** The app's calls (upload, session). Required. */
  api: FormApi;
  /** Toasts. Required. */
  notify: Notify;
  /** Accepted extensions (`x-accept`). Required. */
  accept: readonly string[];
  /** Called with the stored document after a successful upload. Required. */
  onUploaded(doc: StoredDocument): void;
}

/** The server's Spanish reason for a refused upload (a 4xx `{ message }`; a 401 has already ended the session), else the spec's failure text. */
export function uploadFailure(error: unknown): string {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  // The server's refusal (4xx) and its full disk (507: nothing was stored, nothing lost) say why; any other failure, ours.
  const says = typeof status === 'number' && ((status >= 400 && status < 500 && status !== 401) || status === 507);
  return says && typeof message === 'string' && message !== '' ? message : UPLOAD_FAILED;
}

/**
 * Upload dialog: drop a file or pick it with the file input, then "Subir".
 * The portal's upload rules (name, the field's types, 50 MB, not empty, the
 * first bytes) are checked before sending and shown on the file input, inside
 * the dialog; a refusal by the server is shown there too. With no session (id 0) nothing is sent.
 */
export default function UploadDialog({ opened, onClose, api, notify, accept, onUploaded }: UploadDialogProps) {
  const busy = useRef(false);
  const close = () => {
    if (!busy.current) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Subir documento" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <FileUploadForm
        accept={accept}
        beforeSend={() => (api.sessionId === 0 ? NO_SESSION : null)}
        send={async (file) => {
          const doc = await api.uploadDocument(file);
          notify({ message: UPLOAD_OK, color: 'teal' });
          onUploaded(doc);
          onClose();
        }}
        failureText={uploadFailure}
        onCancel={close}
        onBusyChange={(value) => { busy.current = value; }}
      />
    </Modal>
  );
}
