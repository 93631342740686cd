import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { whenPageShown } from '../lib/afterFirstPaint';
import { importWithReload } from '../lib/importWithReload';

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

const loadDialog = () => importWithReload(() => import('./ConfirmDialog'));
const ConfirmDialog = lazy(() => loadDialog().then((module) => ({ default: module.ConfirmDialog })));

/**
 * A button whose action needs a confirmation (withdraw a request, delete a
 * draft): a Mantine Modal (ConfirmDialog: focus stays inside, Escape and
 * "Cancelar" close it and focus returns to the button); the dialog cannot be
 * closed while the action runs; a failure is said inside it. Nothing happens
 * without the confirmation. The dialog's code is not part of the page's: it
 * is asked for once the page has been shown (a list of requests paints
 * without Mantine's overlays on a slow phone), or at the first press.
 */
export function ConfirmButton({ label, buttonProps, ...dialog }: ConfirmButtonProps) {
  const [opened, setOpened] = useState(false);
  // Mounted at the first press and kept (the Modal's closing transition, the next opening).
  const [mounted, setMounted] = useState(false);
  // Pressed before the dialog's code is there: the button shows it is working until the dialog opens.
  const [ready, setReady] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpened = useRef(false);
  useEffect(() => {
    let live = true;
    const stop = whenPageShown(() => void loadDialog().then(() => live && setReady(true), () => undefined));
    return () => {
      live = false;
      stop();
    };
  }, []);
  useEffect(() => {
    if (opened) wasOpened.current = true;
    else if (wasOpened.current) button.current?.focus();
  }, [opened]);
  return (
    <>
      <Button
        ref={button}
        {...buttonProps}
        loading={opened && !ready}
        onClick={() => {
          setMounted(true);
          setOpened(true);
          if (!ready) void loadDialog().then(() => setReady(true), () => undefined);
        }}
      >
        {label}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ConfirmDialog opened={opened} onClose={() => setOpened(false)} {...dialog} />
        </Suspense>
      )}
    </>
  );
}

