import { useMemo, useState } from 'react';
import { Alert, List, Text } from '@mantine/core';
import useSWRImmutable from 'swr/immutable';
import { formChanges } from '@portal/form-engine';
import { loadOnlineForm, type OnlineForm } from '../../../lib/onlineForms';

export interface FormChangedNoticeProps {
  /** The version the draft is on now. Required. */
  form: OnlineForm;
  /** The version it was on before the form changed. Required. */
  from: number;
  /** The citizen's answers (what each change means for them). Required. */
  data: Record<string, unknown>;
  /** The citizen closes the notice. Required. */
  onClose(): void;
}

/**
 * Shown when a draft moved to a newer version of its form (issue 26 §1): what changed, and what it
 * means for this citizen (a new required question, an answer kept in the record but no longer sent,
 * a chosen option that is gone, an answer the new rule refuses, with its message). Nothing typed is
 * lost: the notice says where each answer went. The changes are the engine's (formChanges), the same
 * words `forms:publish` prints.
 */
export function FormChangedNotice({ form, from, data, onClose }: FormChangedNoticeProps) {
  // The same key as useOnlineForm's: a version already loaded on this page is not asked again.
  const { data: before, error } = useSWRImmutable(['form', form.name, from], () => loadOnlineForm(form.name, from));
  // The answers as they were when the notice opened (typing does not reorder it).
  const [answers] = useState(data);
  const changes = useMemo(() => (before ? formChanges(before.schema, form.schema, answers) : []), [before, form.schema, answers]);
  const mine = changes.filter((c) => c.forYou !== null);
  const others = changes.filter((c) => c.forYou === null);
  return (
    <Alert color="yellow" role="status" title="El formulario de este servicio cambió" withCloseButton closeButtonLabel="Cerrar el aviso de cambios" onClose={onClose}>
      <Text size="sm">
        Su borrador pasó a la versión {form.version} del formulario. Lo que ya escribió se conserva.
        {mine.length > 0 ? ' Revise lo que le afecta:' : ''}
      </Text>
      {error && <Text size="sm">No se pudo cargar la lista de cambios; las reglas nuevas ya se aplican a sus respuestas.</Text>}
      {mine.length > 0 && (
        <List size="sm" mt="xs" spacing={4}>
          {mine.map((c) => (
            <List.Item key={`${c.kind}:${c.path}:${c.text}`}>
              {c.text}. <strong>{c.forYou}</strong>
            </List.Item>
          ))}
        </List>
      )}
      {others.length > 0 && (
        <details>
          <summary>{mine.length > 0 ? 'Otros cambios' : 'Ver los cambios'} ({others.length})</summary>
          <List size="sm" mt="xs" spacing={4}>
            {others.map((c) => <List.Item key={`${c.kind}:${c.path}:${c.text}`}>{c.text}.</List.Item>)}
          </List>
        </details>
      )}
    </Alert>
  );
}
