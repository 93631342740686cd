import { useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { errorMessage } from '../lib/apiError';

export interface ConfirmButtonProps {
  /** The button's content (may carry a visually hidden name). Required. */
  label: ReactNode;
  /** The button's look. Default: Mantine's. */
  buttonProps?: ButtonProps;
  /** The dialog's title, a question. Required. */
  title: string;
  /** What will happen. Required. */
  children: ReactNode;
  /** The confirming button's text. Required. */
  confirmLabel: string;
  /** Shown when the action fails and the server gives no message of its own. Required. */
  failure: string;
  /** The action, run only after the confirmation; a throw keeps the dialog open with the message. Required. */
  action(): Promise<void>;
}

/**
 * A button whose action needs a confirmation (withdraw a request, delete a
 * draft): a Mantine Modal (focus stays inside, Escape and "Cancelar" close it
 * and focus returns to the button); the dialog cannot be closed while the
 * action runs; a failure is said inside it. Nothing happens without the confirmation.
 */
export function ConfirmButton({ label, buttonProps, title, children, confirmLabel, failure, action }: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    if (busy) return;
    setOpened(false);
    setProblem(null);
  };
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      setOpened(false);
    } catch (e) {
      setProblem(errorMessage(e, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpened(true)}>{label}</Button>
      <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <Stack>
          <Text component="div">{children}</Text>
          {problem && <Text c="var(--mantine-color-error)" role="alert">{problem}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
            <Button color="red" onClick={() => void confirm()} loading={busy}>{confirmLabel}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
