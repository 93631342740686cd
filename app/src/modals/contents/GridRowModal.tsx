import { useEffect, useRef } from 'react';
import { Text } from '@mantine/core';
import { GridRowEditor, type RowDialogRequest } from '@portal/form-mantine';
import type { ModalContentProps } from '../modalContent';

/** The request a grid sent (components/rowDialog.ts), or null when the modal was opened without one. */
export function rowRequestOf(data: unknown, mode: RowDialogRequest['mode']): RowDialogRequest | null {
  const r = data as Partial<RowDialogRequest> | undefined;
  return r && r.mode === mode && typeof r.save === 'function' && typeof r.gridPath === 'string' && r.schema ? (r as RowDialogRequest) : null;
}

/**
 * Keeps `request.cancel` for a dialog closed from outside the content (Escape,
 * the close button, Back): the row's changes are dropped, as with "Cancelar".
 */
export function useCancelOnClose(request: RowDialogRequest | null, close: () => void): () => void {
  const ended = useRef(false);
  useEffect(() => () => {
    if (request && !ended.current) request.cancel();
  }, [request]);
  return () => {
    ended.current = true;
    close();
  };
}

/**
 * GRID_MODAL: one grid row's fields (form-mantine's GridRowEditor: the same
 * engine, masks, lookups and rules as the form), "Guardar" and "Cancelar".
 */
export default function GridRowModal({ data, close }: ModalContentProps) {
  const request = rowRequestOf(data, 'edit');
  const done = useCancelOnClose(request, close);
  if (!request) return <Text>No hay ninguna fila que editar.</Text>;
  return <GridRowEditor request={request} onClose={done} />;
}
