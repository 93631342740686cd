import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { FormApi, Notify, StoredDocument } from '../../types';
import { MAX_UPLOAD_BYTES, UPLOAD_FAILED, UPLOAD_OK, acceptAttribute, uploadProblem } from './uploadRules';

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

/**
 * Upload dialog: drop a file or pick it with the file input, then "Subir".
 * Type and size (50 MB) are checked before sending; while sending the
 * button shows it is busy. With no session (id 0) nothing is sent.
 */
export default function UploadDialog({ opened, onClose, api, notify, accept, onUploaded }: UploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const choose = (next: File | null) => {
    setFile(next);
    setProblem(next ? uploadProblem(next, accept, MAX_UPLOAD_BYTES) : null);
  };
  const close = () => {
    if (uploading) return;
    choose(null);
    onClose();
  };
  const upload = async () => {
    if (!file) return;
    const found = uploadProblem(file, accept, MAX_UPLOAD_BYTES);
    if (found) return setProblem(found);
    if (api.sessionId === 0) return setProblem(NO_SESSION);
    setUploading(true);
    try {
      const doc = await api.uploadDocument(file);
      notify({ message: UPLOAD_OK, color: 'teal' });
      choose(null);
      onUploaded(doc);
      onClose();
    } catch {
      notify({ message: UPLOAD_FAILED, color: 'red' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Subir documento" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        {/* Drag and drop is a mouse shortcut; keyboard and screen-reader users get the labelled file input below. */}
        <Dropzone onDrop={(files) => choose(files[0] ?? null)} multiple={false} loading={uploading} activateOnKeyboard={false}>
          <Stack gap={4} align="center" p="md">
            <Text>Arrastre un archivo aquí o haga clic para elegirlo</Text>
            <Text size="sm" c="dimmed">{`Tipos permitidos: ${accept.join(', ')}. Tamaño máximo: 50 MB.`}</Text>
          </Stack>
        </Dropzone>
        <FileInput
          label="Archivo"
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
