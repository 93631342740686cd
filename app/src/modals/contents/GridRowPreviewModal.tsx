import { Text } from '@mantine/core';
import { GridRowPreview } from '@portal/form-mantine';
import type { ModalContentProps } from '../modalContent';
import { rowRequestOf, useCancelOnClose } from './GridRowModal';

/** GRID_MDOAL_PREVIEW: one grid row's answers, read-only (form-mantine's GridRowPreview), with "Cerrar". */
export default function GridRowPreviewModal({ data, close }: ModalContentProps) {
  const request = rowRequestOf(data, 'preview');
  const done = useCancelOnClose(request, close);
  if (!request) return <Text>No hay ninguna fila que mostrar.</Text>;
  return <GridRowPreview request={request} onClose={done} />;
}
