import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import type { FormApi, Notify, StoredDocument } from '../../types';
import {
  INVALID_FILE, MAX_FILES, MAX_UPLOAD_BYTES, NAME_HINT, UPLOAD_FAILED, UPLOAD_OK, acceptAttribute, checkFile, dropValidator, rejectionMessage,
} from './uploadRules';

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
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && typeof message === 'string' && message !== '' ? message : UPLOAD_FAILED;
}

/**
 * Upload dialog: drop a file or pick it with the file input, then "Subir".
 * The portal's upload rules (name, the field's types, 50 MB, not empty, the
 * first bytes) are checked before sending and shown on the file input, inside
 * the dialog; a refusal by the server is shown there too. With no session (id 0) nothing is sent.
 */
export default function UploadDialog({ opened, onClose, api, notify, accept, onUploaded }: UploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const latest = useRef<File | null>(null);

  const choose = (next: File | null) => {
    latest.current = next;
    setFile(next);
    setProblem(null);
    setFailure(null);
    if (next) void checkFile(next, accept).then((found) => latest.current === next && setProblem(found));
  };
  const rejected = (rejections: FileRejection[]) => {
    choose(null);
    setProblem(rejectionMessage(rejections.flatMap((r) => r.errors.map((e) => String(e.code)))));
  };
  const close = () => {
    if (uploading) return;
    choose(null);
    onClose();
  };
  const upload = async () => {
    if (!file) return;
    const found = await checkFile(file, accept);
    if (found) return setProblem(found);
    if (api.sessionId === 0) return setProblem(NO_SESSION);
    setUploading(true);
    setFailure(null);
    try {
      const doc = await api.uploadDocument(file);
      notify({ message: UPLOAD_OK, color: 'teal' });
      choose(null);
      onUploaded(doc);
      onClose();
    } catch (error) {
      setFailure(uploadFailure(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Subir documento" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        <Text size="sm">{NAME_HINT}</Text>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        {/* Drag and drop is a mouse shortcut; keyboard and screen-reader users get the labelled file input below. */}
        <Dropzone
          // One drop, one verdict: a drop with any rejection (two files, say) is refused whole.
          onDropAny={(files, rejections) => (rejections.length > 0 ? rejected(rejections) : choose(files[0] ?? null))}
          onDrop={() => undefined}
          maxSize={MAX_UPLOAD_BYTES}
          maxFiles={MAX_FILES}
          multiple={false}
          validator={dropValidator(accept)}
          loading={uploading}
          activateOnKeyboard={false}
          tabIndex={-1}
        >
          <Stack gap={4} align="center" p="md">
            <Dropzone.Idle><Text>Arrastre un archivo aquí o haga clic para elegirlo</Text></Dropzone.Idle>
            <Dropzone.Accept><Text>Suelte el archivo aquí</Text></Dropzone.Accept>
            <Dropzone.Reject><Text>{INVALID_FILE}</Text></Dropzone.Reject>
            <Text size="sm" c="dimmed">{`Tipos permitidos: ${accept.join(', ')}. Tamaño máximo: 50 MB. Un archivo.`}</Text>
          </Stack>
        </Dropzone>
        <FileInput
          label="Archivo"
          placeholder="Elegir un archivo"
          accept={acceptAttribute(accept)}
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
          error={problem}
          disabled={uploading}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={uploading}>Cancelar</Button>
          <Button onClick={() => void upload()} loading={uploading} disabled={!file || problem !== null}>Subir</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
