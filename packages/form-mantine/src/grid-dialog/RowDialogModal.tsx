import { Modal } from '@mantine/core';
import { GridRowEditor } from './GridRowEditor';
import { GridRowPreview } from './GridRowPreview';
import type { RowDialogRequest } from './types';

export interface RowDialogModalProps {
  /** The open request. Required. */
  request: RowDialogRequest;
  /** Forgets the request (after save, cancel, Escape). Required. */
  onClose(): void;
}

/**
 * The row dialog SchemaForm shows itself when the app passes no
 * `openRowDialog`: a Mantine Modal (focus trapped and returned, labelled by
 * its title) where Escape and the close button are "Cancelar".
 */
export function RowDialogModal({ request, onClose }: RowDialogModalProps) {
  const dismiss = () => {
    request.cancel();
    onClose();
  };
  return (
    <Modal opened onClose={dismiss} title={request.title} closeButtonProps={{ 'aria-label': 'Cerrar' }} centered size="lg">
      {request.mode === 'edit' ? <GridRowEditor request={request} onClose={onClose} /> : <GridRowPreview request={request} onClose={onClose} />}
    </Modal>
  );
}
