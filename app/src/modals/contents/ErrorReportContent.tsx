import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, sendErrorReport } from '../../api/errorReports';
import { ApiError, errorMessage } from '../../lib/apiError';
import { pageViewPath } from '../../lib/analytics';
import type { ModalContentProps } from '../modalContent';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface FieldErrors {
  description?: string;
  email?: string;
}

/** The same checks as the server's, so most mistakes are explained before a call. */
function check(description: string, email: string): FieldErrors {
  const errors: FieldErrors = {};
  const text = description.trim();
  if (text === '') errors.description = 'Describa el problema';
  else if (text.length < DESCRIPTION_MIN) errors.description = `Debe tener al menos ${DESCRIPTION_MIN} caracteres`;
  else if (text.length > DESCRIPTION_MAX) errors.description = `Debe tener como máximo ${DESCRIPTION_MAX} caracteres`;
  if (email.trim() !== '' && !EMAIL.test(email.trim())) errors.email = 'Insertar un correo electrónico válido';
  return errors;
}

/**
 * ERROR_REPORT: a citizen (signed in or not) reports a problem; the page's
 * path goes with it, and the server stores it for the operators. On success
 * the reference is shown; on a failed call everything typed stays as it was.
 */
export default function ErrorReportContent({ close }: ModalContentProps) {
  const [description, setDescription] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ message: string; reference: string } | null>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const path = pageViewPath(window.location.pathname);

  // The button is disabled while sending, which drops keyboard focus to the page: after a failed
  // call it goes back to the button, so Enter tries again (the alert is announced on its own).
  useEffect(() => {
    if (!busy && failure) submitRef.current?.focus();
  }, [busy, failure]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = check(description, email);
    setErrors(found);
    if (found.description) return descriptionRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    setBusy(true);
    try {
      const answer = await sendErrorReport({ description: description.trim(), path, email: email.trim() === '' ? null : email.trim() });
      setDone({ message: answer.message, reference: answer.data.reference });
    } catch (err) {
      // A field the server refused is shown on the field; anything else above the form. The text stays.
      const fields = err instanceof ApiError ? err.fieldErrors : [];
      const byField: FieldErrors = {};
      for (const f of fields) if (f.path === 'description' || f.path === 'email') byField[f.path] ??= f.message;
      setErrors(byField);
      if (!byField.description && !byField.email) setFailure(errorMessage(err, 'No se pudo enviar el reporte. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Stack>
        <Alert color="green" role="status" title="Reporte enviado">
          <Text>{done.message}</Text>
          <Text mt="xs">Número de referencia: <strong data-reference>{done.reference}</strong></Text>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={close} data-autofocus>Cerrar</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Reportar un problema">
      <Stack>
        <Text size="sm">Cuéntenos qué pasó. Con su reporte enviamos la dirección de esta página ({path}); no incluya datos personales en la descripción.</Text>
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Textarea
          ref={descriptionRef}
          label="Describa el problema"
          description={`Entre ${DESCRIPTION_MIN} y ${DESCRIPTION_MAX} caracteres (${description.length}/${DESCRIPTION_MAX})`}
          required
          rows={5}
          maxLength={DESCRIPTION_MAX}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          data-autofocus
        />
        <TextInput
          ref={emailRef}
          label="Correo electrónico de contacto (opcional)"
          description="Solo si desea que le respondamos."
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <Group justify="flex-end">
          <Button ref={submitRef} type="submit" loading={busy}>Enviar reporte</Button>
        </Group>
      </Stack>
    </form>
  );
}
