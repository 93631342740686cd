import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { RequestEvent } from '@portal/api-contract';
import { ApiError } from '../../../lib/apiError';
import { postRequestEvent } from '../api/backoffice';

/** What each staff event asks before it is confirmed. */
export const EVENT_UI: Partial<Record<RequestEvent, { button: string; title: string; text: string; message: 'none' | 'optional' | 'required'; label?: string; color?: string }>> = {
  tomar: { button: 'Tomar en revisión', title: 'Tomar en revisión', text: 'La solicitud pasará a «En revisión» y se avisará al ciudadano.', message: 'none' },
  solicitar_accion: {
    button: 'Solicitar una acción', title: 'Solicitar una acción al ciudadano', message: 'required', label: 'Qué debe hacer el ciudadano',
    text: 'La solicitud pasará a «Acción requerida» hasta que el ciudadano responda. Se le avisará con su mensaje.',
  },
  aprobar: { button: 'Aprobar', title: 'Aprobar la solicitud', text: 'La solicitud quedará «Aprobada» y no podrá cambiar. Se avisará al ciudadano.', message: 'optional', label: 'Mensaje para el ciudadano (opcional)' },
  rechazar: { button: 'Rechazar', title: 'Rechazar la solicitud', text: 'La solicitud quedará «Rechazada» y no podrá cambiar. El ciudadano recibirá el motivo.', message: 'required', label: 'Motivo del rechazo', color: 'red.9' },
};

export interface EventDialogProps {
  requestId: number;
  /** The event being confirmed; null: closed. */
  event: RequestEvent | null;
  onClose(): void;
  /** After the server accepted it, with its message. */
  onDone(message: string): void;
}

/** Confirmation of one staff event, with the message it needs; a refusal is shown inside the dialog. */
export function EventDialog({ requestId, event, onClose, onDone }: EventDialogProps) {
  const ui = event ? EVENT_UI[event] : undefined;
  const [message, setMessage] = useState('');
  const [requiresDocument, setRequiresDocument] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setMessage('');
    setRequiresDocument(false);
    setError(null);
    setFieldError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!event || !ui) return;
    setError(null);
    if (ui.message === 'required' && message.trim() === '') {
      setFieldError(event === 'rechazar' ? 'Indique el motivo del rechazo' : 'Indique qué acción debe realizar el ciudadano');
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await postRequestEvent(requestId, {
        event,
        ...(ui.message !== 'none' && message.trim() !== '' ? { message: message.trim() } : {}),
        ...(event === 'solicitar_accion' ? { requires_document: requiresDocument } : {}),
      });
      setMessage('');
      setRequiresDocument(false);
      onDone(answer.message);
    } catch (err) {
      const text = err instanceof ApiError ? err.message : 'No se pudo completar la acción.';
      if (err instanceof ApiError && err.fieldErrors.some((f) => f.path === 'message')) setFieldError(text);
      else setError(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={event !== null} onClose={close} title={ui?.title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }} returnFocus={false}>
      {ui && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{ui.text}</Text>
            {error && <Alert color="red" role="alert">{error}</Alert>}
            {ui.message !== 'none' && (
              <Textarea
                label={ui.label}
                value={message}
                onChange={(e) => { setMessage(e.currentTarget.value); setFieldError(null); }}
                required={ui.message === 'required'}
                maxLength={2000}
                autosize
                minRows={3}
                error={fieldError}
                data-autofocus
              />
            )}
            {event === 'solicitar_accion' && (
              <Checkbox label="La respuesta debe incluir un documento" checked={requiresDocument} onChange={(e) => setRequiresDocument(e.currentTarget.checked)} />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
              <Button type="submit" color={ui.color} loading={busy} data-autofocus={ui.message === 'none' || undefined}>Confirmar</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
