import { lazy, Suspense, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { NAME_HINT, NO_FILE, acceptAttribute, checkFile, rejectionMessage } from './uploadRules';

/** The drop zone loads with the first dialog that shows it (react-dropzone stays out of the form's route). */
const DropArea = lazy(() => import('./DropArea'));
/** The drop zone's height, kept while it loads so the dialog does not jump. */
const DROP_AREA_HEIGHT = 110;

export interface FileUploadFormProps {
  /** Accepted extensions. Required. */
  accept: readonly string[];
  /** Sends the checked file; a thrown error is shown in the form (failureText) and the file stays chosen. Required. */
  send(file: File): Promise<void>;
  /** The Spanish text of a failed send; null shows nothing (the session ended and the app has moved on). Required. */
  failureText(error: unknown): string | null;
  /** The Cancel button. Required. */
  onCancel(): void;
  /** The send button's text. Default: 'Subir'. */
  submitLabel?: string;
  /** A last check before sending (e.g. no session): a Spanish problem shown on the file input, or null. */
  beforeSend?(file: File): string | null;
  /** Told when sending starts and ends (a dialog does not close meanwhile). */
  onBusyChange?(busy: boolean): void;
  /** The file input takes the dialog's first focus (Mantine's data-autofocus). Default: false. */
  autoFocus?: boolean;
}

/**
 * One file under the portal's upload rules (spec §5), for every upload dialog
 * of the form widget and of the app: dropped on the zone or chosen with the
 * labelled file input (the keyboard's way). The rules (the name, the types,
 * 50 MB, not empty, the first bytes) are checked before sending and shown on
 * the file input inside the dialog; the server checks again and its refusal
 * is shown there too. A failure keeps the chosen file.
 */
export function FileUploadForm({ accept, send, failureText, onCancel, submitLabel = 'Subir', beforeSend, onBusyChange, autoFocus = false }: FileUploadFormProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
  const working = (value: boolean) => {
    setBusy(value);
    onBusyChange?.(value);
  };
  const upload = async () => {
    if (!file) return setProblem(NO_FILE);
    const found = (await checkFile(file, accept)) ?? beforeSend?.(file) ?? null;
    if (found) return setProblem(found);
    working(true);
    setFailure(null);
    try {
      await send(file);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      working(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">{NAME_HINT}</Text>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      {/* Drag and drop is a mouse shortcut; keyboard and screen-reader users get the labelled file input below. */}
      <Suspense fallback={<div style={{ minHeight: DROP_AREA_HEIGHT }} />}>
        <DropArea accept={accept} onFile={choose} onRejected={rejected} busy={busy} />
      </Suspense>
      <FileInput
        label="Archivo"
        placeholder="Elegir un archivo"
        accept={acceptAttribute(accept)}
        value={file}
        onChange={choose}
        clearable
        clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
        error={problem}
        disabled={busy}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>Cancelar</Button>
        <Button onClick={() => void upload()} loading={busy} disabled={!file || problem !== null}>{submitLabel}</Button>
      </Group>
    </Stack>
  );
}
