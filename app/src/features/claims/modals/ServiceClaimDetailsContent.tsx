import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { CLAIM_COMMENT_MAX, claimIsOpen } from '@portal/api-contract';
import { useSWRConfig } from 'swr';
import { ClaimStatusBadge } from '../../../components/ClaimStatusBadge';
import { ApiError, errorMessage } from '../../../lib/apiError';
import type { ModalContentProps } from '../../../modals/modalContent';
import { commentClaim, MY_CLAIMS_KEY, useClaimThread } from '../api';
import { formatWhen } from '../../../lib/dates';

export const COMMENT_FAILED = 'No se pudo enviar su comentario. Inténtelo de nuevo.';

function claimIdOf(data: unknown): number | null {
  const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).claim_id : undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d*$/.test(value)) return Number(value);
  return null;
}

/**
 * SERVICE_CLAIM_DETAILS (spec §2): one of the citizen's claims (data
 * `{ claim_id }`): what it is about, its status, the description and file,
 * the thread with the institution (reading it marks the answers read) and a
 * form to add a comment while the claim is not closed. A failed comment stays
 * typed with a Spanish message.
 */
export default function ServiceClaimDetailsContent({ data }: ModalContentProps) {
  const claimId = claimIdOf(data);
  const { mutate } = useSWRConfig();
  const thread = useClaimThread(claimId);
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // Reading the thread marked the answers read: the list's unread counts follow.
  const loaded = thread.data !== undefined;
  useEffect(() => {
    if (loaded) void mutate(MY_CLAIMS_KEY);
  }, [loaded, mutate]);

  if (claimId === null) return <Alert color="red" role="alert">Reclamo no encontrado</Alert>;
  if (thread.error) {
    return <Alert color="red" role="alert">{errorMessage(thread.error, 'No se pudo cargar el reclamo.') ?? 'No se pudo cargar el reclamo.'}</Alert>;
  }
  if (!thread.data) return <Loader role="progressbar" aria-label="Cargando el reclamo" />;
  const { claim, comments } = thread.data;
  const open = claimIsOpen(claim.status);

  const send = async () => {
    setFailure(null);
    setSent('');
    const text = content.trim();
    if (text === '') {
      setProblem('Escriba su comentario');
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await commentClaim(claim.id, text);
      setContent('');
      setProblem(null);
      setSent('Comentario enviado.');
      await thread.mutate();
      await mutate(MY_CLAIMS_KEY);
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.find((f) => f.path === 'content') : undefined;
      if (field) setProblem(field.message);
      else setFailure(errorMessage(err, COMMENT_FAILED) ?? COMMENT_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div>
          <Title order={3} size="h4">Reclamo n.º {claim.id}: {claim.issue.name}</Title>
          <Text size="sm">
            {claim.subject.kind === 'solicitud' ? `Sobre su solicitud ${claim.subject.label}` : `Sobre el servicio ${claim.subject.label}`} · {claim.institution_name}
          </Text>
          <Text size="sm" c="dimmed">Presentado el <time dateTime={claim.created_at}>{formatWhen(claim.created_at)}</time></Text>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </Group>
      <Paper withBorder p="sm">
        <Text size="sm" fw={600}>Su descripción</Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{claim.description}</Text>
        {claim.document && (
          <Text size="sm" mt="xs">
            Archivo: <Anchor href={claim.document.route} target="_blank" rel="noopener">{`${claim.document.name}.${claim.document.extension}`}</Anchor>
          </Text>
        )}
      </Paper>

      <section aria-labelledby="claim-thread-title">
        <Title order={4} size="h5" id="claim-thread-title" mb="xs">Conversación con la institución</Title>
        {comments.length === 0 ? (
          <Text size="sm" c="dimmed">Todavía no hay respuestas. Le avisaremos cuando la institución responda.</Text>
        ) : (
          <Stack component="ol" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {comments.map((c) => (
              <Paper
                component="li"
                key={c.id}
                withBorder
                p="sm"
                style={{ borderLeft: `4px solid var(--mantine-color-${c.author === 'institucion' ? 'blue-7' : 'gray-5'})` }}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={700}>{c.author === 'institucion' ? claim.institution_name : 'Usted'}</Text>
                  <Text size="sm" c="dimmed"><time dateTime={c.created_at}>{formatWhen(c.created_at)}</time></Text>
                </Group>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Text>
              </Paper>
            ))}
          </Stack>
        )}
      </section>

      {open ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void send();
          }}
        >
          <Stack gap="xs">
            <Textarea
              ref={inputRef}
              label="Agregar un comentario"
              value={content}
              onChange={(event) => {
                setContent(event.currentTarget.value);
                setProblem(null);
              }}
              rows={3}
              resize="vertical"
              maxLength={CLAIM_COMMENT_MAX}
              error={problem}
              disabled={busy}
            />
            {failure && <Alert color="red" role="alert">{failure}</Alert>}
            <Group justify="space-between">
              <Text size="sm" role="status">{sent}</Text>
              <Button type="submit" loading={busy}>Enviar comentario</Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Alert color="gray">Este reclamo está cerrado: ya no admite comentarios.</Alert>
      )}
    </Stack>
  );
}
