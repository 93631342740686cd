import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorMessage } from '../lib/apiError';

export interface ConfirmDialogProps {
  /** Whether the dialog is open. Required. */
  opened: boolean;
  /** Closes it (Escape, "Cancelar", the close button, or the action done). Required. */
  onClose(): void;
  /** The dialog's title, a question. Required. */
  title: string;
  /** What will happen. Required. */
  children: ReactNode;
  /** The confirming button's text. Required. */
  confirmLabel: string;
  /** Shown when the action fails and the server gives no message of its own. Required. */
  failure: string;
  /** The action; a throw keeps the dialog open with the message. Required. */
  action(): Promise<void>;
}

/**
 * ConfirmButton's dialog, its own chunk (Mantine's Modal and what it brings): a Mantine Modal (focus stays
 * inside, Escape and "Cancelar" close it); it cannot be closed while the action runs; a failure is said
 * inside it. The focus goes back to the button from ConfirmButton (this dialog may mount already open).
 */
export function ConfirmDialog({ opened, onClose, title, children, confirmLabel, failure, action }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      onClose();
    } catch (e) {
      setProblem(errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} returnFocus={false} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        <Text component="div">{children}</Text>
        {problem && <Text c="var(--mantine-color-error)" role="alert">{problem}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
