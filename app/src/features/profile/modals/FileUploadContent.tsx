import { useState } from 'react';
import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { acceptAttribute, DEFAULT_ACCEPT, MAX_UPLOAD_BYTES, UPLOAD_FAILED, UPLOAD_OK, uploadProblem } from '@portal/form-mantine/upload-rules';
import { useSWRConfig } from 'swr';
import { DOCUMENTS_KEY, uploadDocument } from '../../../api/documents';
import { errorMessage } from '../../../lib/apiError';
import type { ModalContentProps } from '../../../modals/modalContent';

/** Spec §5: letters, digits, spaces, dots and Ññ. */
const NAME_RULE = /^[A-Za-z0-9Ññ .]+$/;
const INVALID_NAME = 'Nombre de archivo inválido';
const INVALID_FILE = 'Archivo inválido';

/** A Spanish message when the file cannot be sent, or null: the name rule, then the form's upload rules (type, size). */
function problemOf(file: File): string | null {
  return NAME_RULE.test(file.name) ? uploadProblem(file) : INVALID_NAME;
}

/**
 * FILE_UPLOAD_MODAL: one file to the citizen's documents (POST
 * /v1/portals/documents), dropped on the zone or chosen with the labelled
 * file input (the keyboard's way). The name and type are checked before
 * sending, the server checks again; a failure keeps the chosen file.
 */
export default function FileUploadContent({ close }: ModalContentProps) {
  const { mutate } = useSWRConfig();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = (next: File | null) => {
    setFailure(null);
    setFile(next);
    setProblem(next ? problemOf(next) : null);
  };
  const rejected = (rejections: FileRejection[]) => {
    setFile(null);
    setProblem(rejections.length > 0 ? INVALID_FILE : null);
  };

  const upload = async () => {
    if (!file) return setProblem('Debe seleccionar almenos un archivo para continuar');
    const found = problemOf(file);
    if (found) return setProblem(found);
    setBusy(true);
    setFailure(null);
    try {
      await uploadDocument(file);
      await mutate(DOCUMENTS_KEY);
      notifications.show({ color: 'teal', message: UPLOAD_OK });
      close();
    } catch (err) {
      setFailure(errorMessage(err, UPLOAD_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">Evite acentos y caracteres especiales en el nombre del archivo: use letras, números, espacios y puntos.</Text>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {/* Drag and drop is a mouse shortcut; keyboard and screen-reader users get the labelled file input below. */}
      <Dropzone
        onDrop={(files) => choose(files[0] ?? null)}
        onReject={rejected}
        multiple={false}
        maxSize={MAX_UPLOAD_BYTES}
        maxFiles={1}
        loading={busy}
        activateOnKeyboard={false}
        tabIndex={-1}
      >
        <Stack gap={4} align="center" p="md">
          <Text>Arrastre un archivo aquí o haga clic para elegirlo</Text>
          <Text size="sm" c="dimmed">{`Tipos permitidos: ${DEFAULT_ACCEPT.join(', ')}. Tamaño máximo: 50 MB.`}</Text>
        </Stack>
      </Dropzone>
      <FileInput
        label="Archivo"
        placeholder="Elegir un archivo"
        accept={acceptAttribute(DEFAULT_ACCEPT)}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
        error={problem}
        disabled={busy}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
        <Button onClick={() => void upload()} loading={busy} disabled={!file || problem !== null}>Subir</Button>
      </Group>
    </Stack>
  );
}
