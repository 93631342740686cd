import { useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import {
  acceptAttribute, checkFile, dropValidator, INVALID_FILE, MAX_FILES, MAX_UPLOAD_BYTES, NAME_HINT, NO_FILE, PORTAL_ACCEPT,
  rejectionMessage, UPLOAD_FAILED,
} from '@portal/form-mantine/upload-rules';
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
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useRef<File | null>(null);

  const choose = (next: File | null) => {
    latest.current = next;
    setFailure(null);
    setFile(next);
    setProblem(null);
    if (next) void checkFile(next, PORTAL_ACCEPT).then((found) => latest.current === next && setProblem(found));
  };
  const rejected = (rejections: FileRejection[]) => {
    choose(null);
    setProblem(rejectionMessage(rejections.flatMap((r) => r.errors.map((e) => String(e.code)))));
  };

  const upload = async () => {
    if (!file) return setProblem(NO_FILE);
    const found = await checkFile(file, PORTAL_ACCEPT);
    if (found) return setProblem(found);
    setBusy(true);
    setFailure(null);
    try {
      await send(file);
    } catch (err) {
      setFailure(errorMessage(err, UPLOAD_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">{NAME_HINT}</Text>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {/* Drag and drop is a mouse shortcut; keyboard and screen-reader users get the labelled file input below. */}
      <Dropzone
        // One drop, one verdict: a drop with any rejection (two files, say) is refused whole.
        onDropAny={(files, rejections) => (rejections.length > 0 ? rejected(rejections) : choose(files[0] ?? null))}
        onDrop={() => undefined}
        multiple={false}
        maxSize={MAX_UPLOAD_BYTES}
        maxFiles={MAX_FILES}
        validator={dropValidator(PORTAL_ACCEPT)}
        loading={busy}
        activateOnKeyboard={false}
        tabIndex={-1}
      >
        <Stack gap={4} align="center" p="md">
          <Dropzone.Idle><Text>Arrastre un archivo aquí o haga clic para elegirlo</Text></Dropzone.Idle>
          <Dropzone.Accept><Text>Suelte el archivo aquí</Text></Dropzone.Accept>
          <Dropzone.Reject><Text>{INVALID_FILE}</Text></Dropzone.Reject>
          <Text size="sm" c="dimmed">{`Tipos permitidos: ${PORTAL_ACCEPT.join(', ')}. Tamaño máximo: 50 MB. Un archivo.`}</Text>
        </Stack>
      </Dropzone>
      <FileInput
        label="Archivo"
        placeholder="Elegir un archivo"
        accept={acceptAttribute(PORTAL_ACCEPT)}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
        error={problem}
        disabled={busy}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>Cancelar</Button>
        <Button onClick={() => void upload()} loading={busy} disabled={!file || problem !== null}>{submitLabel}</Button>
      </Group>
    </Stack>
  );
}
