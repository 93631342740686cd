import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deleteApplication } from '../../../api/applications';
import { errorMessage } from '../../../lib/apiError';

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
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setOpened(false);
    setFailure(null);
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteApplication(form, id);
      // The local copies of the draft go with it.
      localStorage.removeItem(`borrador:${id}`);
      localStorage.removeItem(`visitadas:${id}`);
      setOpened(false);
      notifications.show({ color: 'teal', message: `Se eliminó el borrador «${name}».` });
      onDeleted(id);
    } catch (e) {
      setFailure(errorMessage(e, 'No se pudo eliminar el borrador.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" size="compact-sm" onClick={() => setOpened(true)}>
        Eliminar borrador<VisuallyHidden> {name}</VisuallyHidden>
      </Button>
      <Modal opened={opened} onClose={close} title="¿Eliminar este borrador?" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <Stack>
          <Text>
            Se eliminará el borrador «{name}» con todo lo que haya escrito en él. Esta acción no se puede deshacer.
            Sus documentos subidos se conservan.
          </Text>
          {failure && <Text c="var(--mantine-color-error)" role="alert">{failure}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
            <Button color="red" onClick={() => void confirm()} loading={busy}>Eliminar borrador</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
