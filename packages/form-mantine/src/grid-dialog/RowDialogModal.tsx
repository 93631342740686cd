import { useEffect, useState } from 'react';
import { Modal } from '@mantine/core';
// eslint-disable-next-line import-x/no-cycle -- declared recursion: SchemaForm → RowDialogModal → GridRowEditor → SchemaForm (a grid row's editor is a SchemaForm over that row)
import { GridRowEditor } from './GridRowEditor';
import { GridRowPreview } from './GridRowPreview';
import type { RowDialogRequest } from './types';

export interface RowDialogModalProps {
  /** The open request. Required. */
  request: RowDialogRequest;
  /** Forgets the request, once the dialog has closed (after save, cancel, Escape). Required. */
  onClose(): void;
}

/**
 * The row dialog SchemaForm shows itself when the app passes no
 * `openRowDialog`: a Mantine Modal (focus trapped, labelled by its title)
 * where Escape and the close button are "Cancelar". It closes before it is
 * removed, so Mantine gives focus back to the button that opened it.
 */
export function RowDialogModal({ request, onClose }: RowDialogModalProps) {
  // Mounted closed, then opened: Mantine notes the focused element (the button that asked) when `opened`
  // turns true after mounting, and gives focus back to it when it turns false.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, [request]);
  const hide = () => setOpened(false);
  const dismiss = () => {
    request.cancel();
    hide();
  };
  return (
    <Modal
      opened={opened}
      onClose={dismiss}
      onExitTransitionEnd={onClose}
      title={request.title}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      centered
      size="lg"
    >
      {request.mode === 'edit' ? <GridRowEditor request={request} onClose={hide} /> : <GridRowPreview request={request} onClose={hide} />}
    </Modal>
  );
}
