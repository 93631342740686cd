import { VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deleteApplication } from '../../../api/applications';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { forgetDraftCopies } from '../../../lib/localCopies';

export interface DeleteDraftButtonProps {
  /** The draft's form (its online service). Required. */
  form: string;
  /** The draft's id. Required. */
  id: number;
  /** How the home list names the draft (company name or "Borrador n.º N"). Required. */
  name: string;
  /** Called once the server has deleted it. Required. */
  onDeleted(id: number): void;
}

/**
 * "Eliminar borrador" on the home list: a confirmation dialog (Mantine Modal:
 * focus stays inside, Escape and "Cancelar" close it and focus returns to the
 * button), then DELETE on the server and a toast. Nothing is removed without
 * the confirmation, and a draft already submitted elsewhere stays (409).
 */
export function DeleteDraftButton({ form, id, name, onDeleted }: DeleteDraftButtonProps) {
  return (
    <ConfirmButton
      label={<>Eliminar borrador<VisuallyHidden> {name}</VisuallyHidden></>}
      buttonProps={{ variant: 'default', size: 'compact-sm' }}
      title="¿Eliminar este borrador?"
      confirmLabel="Eliminar borrador"
      failure="No se pudo eliminar el borrador."
      action={async () => {
        await deleteApplication(form, id);
        // The local copies of the draft go with it.
        forgetDraftCopies(id);
        notifications.show({ color: 'teal', message: `Se eliminó el borrador «${name}».` });
        onDeleted(id);
      }}
    >
      Se eliminará el borrador «{name}» con todo lo que haya escrito en él. Esta acción no se puede deshacer.
      Sus documentos subidos se conservan.
    </ConfirmButton>
  );
}
