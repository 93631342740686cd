import { Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { INVALID_FILE, MAX_FILES, MAX_UPLOAD_BYTES, dropValidator } from './uploadRules';

export interface DropAreaProps {
  /** Accepted extensions. Required. */
  accept: readonly string[];
  /** A drop without rejections: its first file. Required. */
  onFile(file: File | null): void;
  /** A drop with any rejection (two files, say): refused whole. Required. */
  onRejected(rejections: FileRejection[]): void;
  /** Sending: the zone shows it is busy. Required. */
  busy: boolean;
}

/**
 * The drop zone of the upload form: a mouse shortcut, loaded with the dialog
 * that shows it (its library is not in the form's first chunks); keyboard and
 * screen-reader users have the labelled file input beside it.
 */
export default function DropArea({ accept, onFile, onRejected, busy }: DropAreaProps) {
  return (
    <Dropzone
      onDropAny={(files, rejections) => (rejections.length > 0 ? onRejected(rejections) : onFile(files[0] ?? null))}
      onDrop={() => undefined}
      multiple={false}
      maxSize={MAX_UPLOAD_BYTES}
      maxFiles={MAX_FILES}
      validator={dropValidator(accept)}
      loading={busy}
      activateOnKeyboard={false}
      tabIndex={-1}
      // The drop zone's own file input (react-dropzone names it "file upload", in English) stays out of
      // the accessibility tree: the labelled file input beside the zone is the one for the keyboard and screen readers.
      inputProps={{ 'aria-hidden': true, 'aria-label': 'Soltar un archivo', tabIndex: -1 }}
    >
      <Stack gap={4} align="center" p="md">
        <Dropzone.Idle><Text>Arrastre un archivo aquí o haga clic para elegirlo</Text></Dropzone.Idle>
        <Dropzone.Accept><Text>Suelte el archivo aquí</Text></Dropzone.Accept>
        <Dropzone.Reject><Text>{INVALID_FILE}</Text></Dropzone.Reject>
        <Text size="sm" c="dimmed">{`Tipos permitidos: ${accept.join(', ')}. Tamaño máximo: 50 MB. Un archivo.`}</Text>
      </Stack>
    </Dropzone>
  );
}
