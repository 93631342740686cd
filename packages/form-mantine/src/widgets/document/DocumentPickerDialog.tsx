import { useId, useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { FormApi } from '../../types';
import type { DocumentsState } from './DocumentsResource';
import DocumentThumbnail from './DocumentThumbnail';

export interface DocumentPickerDialogProps {
  /** Whether the dialog is open. Required. */
  opened: boolean;
  /** Closes the dialog. Required. */
  onClose(): void;
  /** The app's calls (document URLs). Required. */
  api: FormApi;
  /** The stored documents. Required. */
  state: DocumentsState;
  /** Id of the document currently chosen in the field; undefined when none. Required. */
  selectedId: number | undefined;
  /** Called with the chosen document id on "Confirmar". Required. */
  onConfirm(id: number): void;
  /** Loads the list again after a failure. Required. */
  onRetry(): void;
  /** Extensions the field takes (`x-accept`): other stored documents are not offered. Optional: all. */
  accept?: readonly string[];
}

/**
 * Picks one of the citizen's stored documents: name, extension, a "Ver"
 * link (new tab) and "Seleccionar" / "Seleccionado" per document, then
 * "Confirmar". The list scrolls within 370 px. Only documents of the field's
 * types (`accept`) are offered.
 */
export default function DocumentPickerDialog({ opened, onClose, api, state, selectedId, onConfirm, onRetry, accept }: DocumentPickerDialogProps) {
  const [choice, setChoice] = useState<number | undefined>(selectedId);
  const [wasOpened, setWasOpened] = useState(opened);
  const baseId = useId();
  // Each opening starts from the field's current document.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setChoice(selectedId);
  }
  const { status } = state;
  // A field keeps its own, narrower list: a stored document of another type is not offered.
  const documents = accept ? state.documents.filter((d) => accept.includes(d.extension.toLowerCase())) : state.documents;

  return (
    <Modal opened={opened} onClose={onClose} title="Mis documentos" size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        {status === 'loading' && documents.length === 0 && (
          <Group gap="xs"><Loader size="sm" /><Text>Cargando documentos…</Text></Group>
        )}
        {status === 'error' && (
          <Group gap="xs">
            <Text c="var(--mantine-color-error)" role="alert">No se pudieron cargar los documentos. Intente de nuevo.</Text>
            <Button size="compact-sm" variant="subtle" onClick={onRetry}>Reintentar</Button>
          </Group>
        )}
        <ScrollArea.Autosize mah={370} type="auto" scrollbars="y">
          {status !== 'loading' && documents.length === 0 ? (
            <Text c="dimmed">No se han encontrado resultados</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {documents.map((doc) => {
                const chosen = doc.id === choice;
                const nameId = `${baseId}-${doc.id}`;
                return (
                  // On a phone the actions wrap below the name, and a long name wraps: nothing clipped, no sideways scroll.
                  <Group component="li" key={doc.id} justify="space-between" wrap="wrap" gap="xs" py={4} className="document-picker-row">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 14rem' }}>
                      <DocumentThumbnail doc={doc} url={api.documentUrl(doc)} />
                      <Text id={nameId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{doc.name}</Text>
                      <Badge variant="light" style={{ flexShrink: 0 }}>{doc.extension}</Badge>
                    </Group>
                    <Group gap="xs" wrap="nowrap" ml="auto">
                      <Anchor href={api.documentUrl(doc)} target="_blank" rel="noopener noreferrer" aria-describedby={nameId}>
                        Ver<VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
                      </Anchor>
                      <Button
                        size="xs"
                        variant={chosen ? 'filled' : 'light'}
                        aria-pressed={chosen}
                        aria-describedby={nameId}
                        onClick={() => setChoice(doc.id)}
                      >
                        {chosen ? 'Seleccionado' : 'Seleccionar'}
                      </Button>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancelar</Button>
          <Button
            disabled={choice === undefined}
            onClick={() => {
              if (choice !== undefined) onConfirm(choice);
              onClose();
            }}
          >
            Confirmar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
