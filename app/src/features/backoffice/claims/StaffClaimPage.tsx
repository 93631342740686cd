import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { CLAIM_COMMENT_MAX, CLAIM_STATUS_LABELS, claimIsOpen, CLAIM_STATUS, type ClaimStatus } from '@portal/api-contract';
import { ClaimStatusBadge } from '../../../components/ClaimStatusBadge';
import { staffPaths } from '../../../config/paths';
import { ApiError } from '../../../lib/apiError';
import { when } from '../components/format';
import { StaffNotFound } from '../components/StaffNotFound';
import { answerClaim, claimDocumentHref, setClaimStatus, useStaffClaim } from './api';

/** The button of each status staff may set. */
const STATUS_BUTTON: Partial<Record<ClaimStatus, string>> = { en_proceso: 'Tomar en proceso', cerrado: 'Cerrar el reclamo' };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

/** One claim as the institution answers it: what it is about, the citizen's name, the thread, an answer form and the status changes the definition allows. */
export function StaffClaimPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const detail = useStaffClaim(id);
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const data = detail.data;

  useEffect(() => {
    if (data) document.title = `Reclamo n.º ${data.claim.id} | Oficina de la institución`;
  }, [data]);

  if (id === 0 || (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400))) {
    return <StaffNotFound title="Reclamo no encontrado" text="El reclamo no existe o no pertenece a su institución." />;
  }
  if (detail.error) return <Alert color="red" role="alert">{detail.error instanceof Error ? detail.error.message : 'No se pudo leer el reclamo.'}</Alert>;
  if (!data) return <Loader role="progressbar" aria-label="Cargando el reclamo" />;
  const { claim, comments } = data;

  const answer = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    setFailure(null);
    if (content.trim() === '') {
      setProblem('Escriba la respuesta');
      return;
    }
    setBusy('answer');
    try {
      await answerClaim(claim.id, content.trim());
      setContent('');
      setProblem(null);
      setDone('Respuesta enviada: el reclamo está «Respondido» y se avisó al ciudadano.');
      await detail.mutate();
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.find((f) => f.path === 'content') : undefined;
      if (field) setProblem(field.message);
      else setFailure(err instanceof ApiError ? err.message : 'No se pudo enviar la respuesta.');
    } finally {
      setBusy(null);
    }
  };

  const move = async (status: ClaimStatus) => {
    setDone(null);
    setFailure(null);
    setBusy(status);
    try {
      await setClaimStatus(claim.id, status);
      setDone(`El reclamo está ahora «${CLAIM_STATUS_LABELS[status]}».`);
      await detail.mutate();
    } catch (err) {
      setFailure(err instanceof ApiError ? err.message : 'No se pudo cambiar el estado.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} href={staffPaths.staffClaims.href()} size="sm">← Volver a los reclamos</Anchor>
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>Reclamo n.º {claim.id}</Title>
          <ClaimStatusBadge status={claim.status} />
        </Group>
        <Text c="dimmed" size="sm">{claim.issue.name} · {claim.institution_name} · presentado el {when(claim.created_at)}</Text>
      </div>
      {done && <Alert color="green" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setDone(null)}>{done}</Alert>}
      {failure && <Alert color="red" role="alert">{failure}</Alert>}

      <Section id="sec-reclamo" title="El reclamo">
        <dl className="answers">
          <div><dt>Ciudadano</dt><dd>{claim.citizen_name}</dd></div>
          <div>
            <dt>Sobre</dt>
            <dd>
              {claim.subject.kind === 'solicitud' && claim.subject.request_id !== null ? (
                <Anchor component={Link} href={staffPaths.staffRequest.href(claim.subject.request_id)}>Solicitud {claim.subject.label}</Anchor>
              ) : `Servicio: ${claim.subject.label}`}
            </dd>
          </div>
          <div><dt>Tipo</dt><dd>{claim.issue.name}</dd></div>
          {claim.document && (
            <div>
              <dt>Archivo del ciudadano</dt>
              <dd><Anchor href={claimDocumentHref(claim.id)}>{`${claim.document.name}.${claim.document.extension}`}</Anchor></dd>
            </div>
          )}
        </dl>
        <Text fw={600} mt="sm" size="sm">Descripción</Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{claim.description}</Text>
      </Section>

      <Section id="sec-estado" title="Estado">
        {claim.allowed_statuses.length === 0 ? (
          <Text size="sm" c="dimmed">El reclamo está cerrado: no admite cambios.</Text>
        ) : (
          <Group gap="sm">
            {claim.allowed_statuses.map((s) => (
              <Button key={s} variant={s === CLAIM_STATUS.cerrado ? 'outline' : 'filled'} color={s === CLAIM_STATUS.cerrado ? 'gray' : undefined} loading={busy === s} disabled={busy !== null && busy !== s} onClick={() => void move(s)}>
                {STATUS_BUTTON[s] ?? CLAIM_STATUS_LABELS[s]}
              </Button>
            ))}
          </Group>
        )}
      </Section>

      <Section id="sec-conversacion" title="Conversación con el ciudadano">
        <Stack gap="sm">
          {comments.length === 0 ? (
            <Text c="dimmed" size="sm">Todavía no hay comentarios.</Text>
          ) : (
            <List listStyleType="none" spacing="sm" aria-label="Comentarios">
              {comments.map((c) => (
                <List.Item key={c.id}>
                  <Card withBorder padding="xs" bg={c.author === 'institucion' ? 'var(--mantine-color-blue-0)' : undefined}>
                    <Text size="xs" c="dimmed">
                      {c.author === 'institucion' ? `Institución${c.staff_name ? ` (${c.staff_name})` : ''}` : 'Ciudadano'} · {when(c.created_at)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Text>
                  </Card>
                </List.Item>
              ))}
            </List>
          )}
          {claimIsOpen(claim.status) ? (
            <form onSubmit={(e) => void answer(e)} noValidate aria-label="Responder el reclamo">
              <Stack gap="xs">
                <Textarea
                  label="Respuesta para el ciudadano"
                  description="El reclamo pasa a «Respondido» y el ciudadano recibe un aviso y un correo."
                  value={content}
                  onChange={(e) => { setContent(e.currentTarget.value); setProblem(null); }}
                  maxLength={CLAIM_COMMENT_MAX}
                  autosize
                  minRows={3}
                  error={problem}
                  disabled={busy !== null}
                />
                <Button type="submit" loading={busy === 'answer'} disabled={busy !== null && busy !== 'answer'} style={{ alignSelf: 'flex-start' }}>Enviar respuesta</Button>
              </Stack>
            </form>
          ) : (
            <Text size="sm" c="dimmed">El reclamo está cerrado: ya no admite respuestas.</Text>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
