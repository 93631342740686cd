/**
 * The portal's dialogs for grid rows: SchemaForm's `openRowDialog` opens
 * GRID_MODAL (edit a row: the row's fields, "Guardar", "Cancelar") or
 * GRID_MDOAL_PREVIEW (its answers read-only) of the modal registry, titled by
 * the grid ("Agregar factura", "Editar factura 2", "Factura 2").
 */
import type { RowDialogRequest } from '@portal/form-mantine';
import { openModal } from '../modals/modalStore';

/** Pass as `openRowDialog` to SchemaForm: opens the request in the portal's modal. */
export function openRowDialog(request: RowDialogRequest): void {
  openModal(request.mode === 'edit' ? 'GRID_MODAL' : 'GRID_MDOAL_PREVIEW', { data: request, title: request.title });
}
