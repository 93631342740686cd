import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import type { PathMessage } from '@portal/form-engine';
import { focusField, pathToId, SchemaForm } from '@portal/form-mantine';
import { createFormApi } from '../../../api/formApi';
import { ApiError, errorMessage } from '../../../lib/apiError';
import { getSession } from '../../../lib/session';
import type { ModalContentProps } from '../../../modals/modalContent';
import { profilePhone, sendSuggestion, type SuggestionInput } from '../api';
import { sugerenciaServicio } from '../form';

const FORM_ID = 'sugerencia-servicio-form';

/** Shown when the call fails without a message for a field (no connection, a server error). */
export const SUGGESTION_FAILED = 'No se pudo enviar su sugerencia. Inténtelo de nuevo.';

/** The form's first values: a signed-in citizen's name and e-mail (their session), nothing for a visitor. */
function initialDraft(): Record<string, unknown> {
  const citizen = getSession();
  if (!citizen) return {};
  const draft: Record<string, unknown> = {};
  if (citizen.nombres) draft.person_name = citizen.nombres;
  if (citizen.apellidos) draft.person_last_name = citizen.apellidos;
  if (citizen.email) draft.person_email = citizen.email;
  return draft;
}

/**
 * SERVICE_RECOMENDED (spec §2 "Suggest-service modal"): the six fields of
 * schemas/sugerencia-servicio rendered and checked by the engine, as the
 * server checks them, and "ENVIAR" with its loading state. Success opens
 * SERVICE_RECOMENDED_THANKS in this modal's place. A failed call keeps the
 * form open with everything typed and clears the loading, as the spec says;
 * beyond the spec ("no message"), the server's field messages (a 422) show
 * on their fields, and any other failure is announced in a red alert above
 * the form ("No se pudo enviar su sugerencia. Inténtelo de nuevo.", or the
 * server's own message such as the rate limit's), so a citizen whose call
 * failed silently does not wait for a thanks that never comes.
 * A signed-in citizen finds their name, e-mail and phone already filled in.
 */
export default function SuggestServiceContent({ open }: ModalContentProps) {
  const formApi = useMemo(() => createFormApi(), []);
  const [draft, setDraft] = useState<Record<string, unknown>>(initialDraft);
  const [errors, setErrors] = useState<PathMessage[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  // What opened the form (the footer's button, the catalogue's): the thanks modal gives focus back to it.

  // A signed-in citizen's phone comes from their profile, when the field is still empty.
  useEffect(() => {
    if (!getSession()) return;
    let alive = true;
    void profilePhone().then((phone) => {
      if (alive && phone) setDraft((current) => (current.person_phone ? current : { ...current, person_phone: phone }));
    });
    return () => {
      alive = false;
    };
  }, []);

  // The button is disabled while sending, which drops focus to the page: after a failure focus goes
  // to the first field in error, else back to the button (so Enter tries again).
  useEffect(() => {
    if (busy) return;
    if (errors.length > 0) focusField(pathToId(errors[0].path));
    else if (failure) submitRef.current?.focus();
  }, [busy, errors, failure]);

  const submit = async (pruned: Record<string, unknown>, found: PathMessage[]) => {
    setFailure(null);
    if (found.length > 0) {
      setErrors(found);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      await sendSuggestion(pruned as unknown as SuggestionInput);
      open('SERVICE_RECOMENDED_THANKS');
    } catch (err) {
      // The engine's messages go on their fields; anything else in the alert. What was typed stays.
      const fields = err instanceof ApiError ? err.fieldErrors.filter((f) => f.path in sugerenciaServicio.properties) : [];
      setErrors(fields);
      if (fields.length === 0) setFailure(err instanceof ApiError && err.status >= 400 && err.status < 500 ? errorMessage(err, SUGGESTION_FAILED) : SUGGESTION_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">¡Estamos Para Escucharte!</Title>
      <SchemaForm
        id={FORM_ID}
        schema={sugerenciaServicio}
        formData={draft}
        onChange={(next) => setDraft(next)}
        api={formApi}
        errors={errors}
        showErrors="touched"
        onSubmit={(pruned, found) => void submit(pruned, found)}
      >
        {/* Beside the button, where the citizen is when it fails (the top of a long form may be scrolled away). */}
        {failure && <Alert color="red" role="alert" mt="md">{failure}</Alert>}
        <Group justify="flex-end" mt="md">
          <Button ref={submitRef} type="submit" form={FORM_ID} loading={busy}>ENVIAR</Button>
        </Group>
      </SchemaForm>
    </Stack>
  );
}
