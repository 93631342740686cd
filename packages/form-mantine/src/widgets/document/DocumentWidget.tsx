import { useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { Button, Group, Input, Text, VisuallyHidden } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useField } from '../../theme/widgets/useField';
import type { StoredDocument } from '../../types';
import { useDocuments } from './useDocuments';
import DocumentThumbnail from './DocumentThumbnail';
import UploadDialog from './UploadDialog';
import DocumentPickerDialog from './DocumentPickerDialog';
import { DEFAULT_ACCEPT } from './uploadRules';

/**
 * A dialog mounted the first time it is asked for, and kept: a closed Mantine Modal still mounts its
 * portal (a node in the body and a synchronous second drawing, each), and the documents' step has two
 * dialogs per field. Mounted closed, then opened a moment later (before the frame is painted), so the
 * Modal records the focused button and gives the focus back to it when it closes.
 */
function useMountedOnOpen(wanted: boolean): { mounted: boolean; opened: boolean } {
  const [mounted, setMounted] = useState(false);
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    if (wanted && !mounted) setMounted(true);
  }, [wanted, mounted]);
  useLayoutEffect(() => {
    if (mounted && !ready) setReady(true);
  }, [mounted, ready]);
  return { mounted, opened: wanted && ready };
}

/** The chosen document's preview, a square this many px wide. */
const THUMBNAIL_PX = 40;

/**
 * File fields (`x-widget: file`): the value is the id of a stored document.
 * Shows the chosen document and two buttons: upload a new file, or pick one
 * of the citizen's stored documents. The first button carries the field's id,
 * so error-summary links land on it.
 */
export default function DocumentWidget(props: WidgetProps) {
  const field = useField(props);
  const { id, label, description, error, withAsterisk, disabled, readOnly } = field.wrapper;
  const { api, notify } = field.store.env;
  const docs = useDocuments(api);
  const [dialog, setDialog] = useState<'upload' | 'pick' | null>(null);
  const dialogOpen = useRef(false);
  const open = (which: 'upload' | 'pick' | null) => {
    dialogOpen.current = which !== null;
    setDialog(which);
  };
  const upload = useMountedOnOpen(dialog === 'upload');
  const pick = useMountedOnOpen(dialog === 'pick');
  const value = typeof field.value === 'number' ? field.value : undefined;
  const selected = docs.documents.find((d) => d.id === value);
  const accept = Array.isArray(field.node['x-accept']) ? field.node['x-accept'] : DEFAULT_ACCEPT;
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, descriptionId, `${id}-current`].filter(Boolean).join(' ');
  const locked = disabled || readOnly || !api;

  const choose = (docId: number) => {
    field.choose(docId);
    field.store.touch(field.path);
  };
  // Opening a dialog moves focus into it: that is not leaving the field, so its requirement does not show for it
  // (nor when the dialog is cancelled: focus comes back here). Leaving the field for the rest of the page does.
  const leave = (event: FocusEvent<HTMLButtonElement>) => {
    const to = event.relatedTarget instanceof Element ? event.relatedTarget : null;
    if (dialogOpen.current || to?.closest('[role="dialog"]')) return;
    field.blur();
  };

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy}>
      <Input.Label id={labelId} labelElement="div" required={withAsterisk}>
        {label}
        {withAsterisk && <VisuallyHidden> (obligatorio)</VisuallyHidden>}
      </Input.Label>
      {description && <Input.Description id={descriptionId}>{description}</Input.Description>}
      <Group gap="sm" mt={6} wrap="wrap">
        {selected && api && <DocumentThumbnail doc={selected} url={api.documentUrl(selected)} size={THUMBNAIL_PX} />}
        {/* The chosen document's preview keeps its place while the citizen's documents load: it arrived after the
            step was drawn and pushed what follows down (a layout shift of 0.04 on the documents' step). */}
        {!selected && value !== undefined && api && (docs.status === 'idle' || docs.status === 'loading') && (
          <div aria-hidden="true" style={{ width: THUMBNAIL_PX, height: THUMBNAIL_PX }} />
        )}
        <Text id={`${id}-current`} size="sm" c={selected ? undefined : 'dimmed'}>
          {selected ? `${selected.name} (${selected.extension})` : value !== undefined ? `Documento n.º ${value}` : 'Ningún documento seleccionado'}
        </Text>
      </Group>
      <Group gap="sm" mt="xs">
        <Button id={id} variant="light" onClick={() => open('upload')} disabled={locked} aria-describedby={describedBy} onBlur={leave}>
          Subir archivo
        </Button>
        <Button variant="default" onClick={() => open('pick')} disabled={locked} aria-describedby={describedBy}>
          Elegir de mis documentos
        </Button>
      </Group>
      {error && <Input.Error id={errorId} mt={4}>{error}</Input.Error>}
      {api && (
        <>
          {upload.mounted && <UploadDialog
            opened={upload.opened}
            onClose={() => open(null)}
            api={api}
            notify={notify}
            accept={accept}
            onUploaded={(doc: StoredDocument) => {
              void docs.resource?.refresh();
              choose(doc.id);
            }}
          />}
          {pick.mounted && <DocumentPickerDialog
            opened={pick.opened}
            onClose={() => open(null)}
            api={api}
            state={docs}
            selectedId={value}
            onConfirm={choose}
            onRetry={() => void docs.resource?.refresh()}
            accept={accept}
          />}
        </>
      )}
    </div>
  );
}
