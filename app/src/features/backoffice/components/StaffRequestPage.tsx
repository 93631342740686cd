import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUS, type RequestEvent, type StaffRequest } from '@portal/api-contract';
import { SubmittedAnswers } from '../../../components/answers/SubmittedAnswers';
import { ChargeExtras } from '../../../components/ChargeExtras';
import { RequestStatusBadge } from '../../../components/RequestStatusBadge';
import { staffPaths } from '../../../config/paths';
import { ApiError } from '../../../lib/apiError';
import { useOnlineForm } from '../../../lib/onlineForms';
import { postStaffComment, useStaffMe, useStaffRequest } from '../api/backoffice';
import { EVENT_UI, EventDialog } from './EventDialog';
import { amount, cedula, when } from './format';
import { StaffNotFound } from './StaffNotFound';

/** The acting institution as the read-only note names it (its acronym when it has no longer name here). */
const INSTITUTION_NAMES: Record<string, string> = { VUF: 'la Ventanilla Única de Formalización (VUF)' };
const institutionName = (acronym: string | null) => (acronym ? INSTITUTION_NAMES[acronym] ?? acronym : 'otra institución');

const paymentStatusLabel = (status: string) => PAYMENT_STATUS_LABELS[status as keyof typeof PAYMENT_STATUS_LABELS] ?? status;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">{title}</Title>
      {children}
    </Card>
  );
}

function Answers({ request }: { request: StaffRequest }) {
  // Read through the version it was submitted under, forever.
  const form = useOnlineForm(request.form, request.form_version);
  const documents = request.documents.map((d) => {
    const dot = d.name.lastIndexOf('.');
    return { id: d.id, name: dot > 0 ? d.name.slice(0, dot) : d.name, extension: dot > 0 ? d.name.slice(dot + 1) : '', route: d.download };
  });
  if (form.error) return <Text c="dimmed">No se pudo cargar el formulario de este servicio.</Text>;
  if (!form.data) return <Loader role="progressbar" aria-label="Cargando respuestas" size="sm" />;
  return <SubmittedAnswers form={form.data} data={request.data} documents={documents} idPrefix="ans" />;
}

function Comments({ request, onSent }: { request: StaffRequest; onSent(): void }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    if (content.trim() === '') {
      setError('Escriba el comentario');
      return;
    }
    setBusy(true);
    try {
      const answer = await postStaffComment(request.id, content.trim());
      setContent('');
      setError(null);
      setSent(answer.message);
      onSent();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo enviar el comentario.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      {request.comments.length === 0 ? (
        <Text c="dimmed" size="sm">Todavía no hay comentarios.</Text>
      ) : (
        <List listStyleType="none" spacing="sm" aria-label="Comentarios">
          {request.comments.map((c) => (
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
      {request.read_only ? (
        <Text size="sm" c="dimmed">Solo la institución que atiende la solicitud puede comentarla.</Text>
      ) : request.can_comment ? (
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="Nuevo comentario">
          <Stack gap="xs">
            <Textarea label="Comentario para el ciudadano" value={content} onChange={(e) => { setContent(e.currentTarget.value); setError(null); }} maxLength={2000} autosize minRows={2} error={error} />
            {sent && <Alert color="green" role="status">{sent}</Alert>}
            <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>Enviar comentario</Button>
          </Stack>
        </form>
      ) : (
        <Text size="sm" c="dimmed">La solicitud fue desistida: ya no admite comentarios.</Text>
      )}
    </Stack>
  );
}

/** One request as the officer decides on it: citizen, actions, answers, documents, payments, history and thread. */
export function StaffRequestPage() {
  const params = useParams<{ id: string }>();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const request = useStaffRequest(id);
  const me = useStaffMe().data;
  const [event, setEvent] = useState<RequestEvent | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  /** The action button that opened the dialog: focus goes back there when it is cancelled. */
  const opener = useRef<HTMLButtonElement | null>(null);
  const data = request.data;

  // After an action the page's buttons change: focus goes to what happened, the start of the page's next steps.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  useEffect(() => {
    if (data) document.title = `Solicitud ${data.code} | Oficina de la institución`;
  }, [data]);

  if (id === 0 || (request.error instanceof ApiError && (request.error.status === 404 || request.error.status === 400))) {
    return <StaffNotFound title="Solicitud no encontrada" text="La solicitud no existe o no pertenece a su institución." />;
  }
  if (request.error) return <Alert color="red" role="alert">{request.error instanceof Error ? request.error.message : 'No se pudo leer la solicitud.'}</Alert>;
  if (!data) return <Loader role="progressbar" aria-label="Cargando la solicitud" />;

  return (
    <Stack gap="lg">
      {data.read_only ? (
        <Anchor component={Link} href={staffPaths.staffPayments.href()} size="sm">← Volver a los pagos por verificar</Anchor>
      ) : (
        <Anchor component={Link} href={staffPaths.staffQueue.href()} size="sm">← Volver a las solicitudes</Anchor>
      )}
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>Solicitud {data.code}</Title>
          <RequestStatusBadge status={data.status} />
        </Group>
        <Text c="dimmed" size="sm">{data.service}{data.institution ? ` · ${data.institution}` : ''} · recibida el {when(data.submitted_at)}</Text>
      </div>
      {data.read_only && (
        <Alert color="blue" role="note" title="Solo lectura">
          Esta solicitud la atiende {institutionName(data.institution)}; usted verifica el pago de {me?.institution ?? 'su institución'}. Puede leerla y descargar sus
          documentos, pero no cambiar su estado ni comentarla.
        </Alert>
      )}
      {done && <Alert ref={doneRef} tabIndex={-1} color="green" role="status" withCloseButton closeButtonLabel="Cerrar aviso" onClose={() => setDone(null)}>{done}</Alert>}

      <Section id="sec-acciones" title="Acciones">
        {data.status === 'accion_requerida' && <Text size="sm" mb="sm">Se espera la respuesta del ciudadano a la acción solicitada.</Text>}
        {data.read_only ? (
          <Text size="sm" c="dimmed">Solo la institución que atiende la solicitud puede cambiar su estado.</Text>
        ) : data.allowed.length === 0 ? (
          <Text size="sm" c="dimmed">No hay acciones disponibles en este estado.</Text>
        ) : (
          <Group gap="sm" wrap="wrap">
            {data.allowed.map((e) => EVENT_UI[e] && (
              <Button key={e} color={EVENT_UI[e]?.color} variant={e === 'rechazar' ? 'outline' : 'filled'} onClick={(click) => { opener.current = click.currentTarget; setDone(null); setEvent(e); }}>
                {EVENT_UI[e]?.button}
              </Button>
            ))}
          </Group>
        )}
      </Section>

      <Section id="sec-ciudadano" title="Ciudadano">
        <dl className="answers">
          <div><dt>Nombre</dt><dd>{data.citizen.name}</dd></div>
          <div><dt>Cédula</dt><dd>{cedula(data.citizen.cedula)}</dd></div>
          <div><dt>Correo electrónico</dt><dd>{data.citizen.email}</dd></div>
        </dl>
      </Section>

      <Section id="sec-respuestas" title="Respuestas del ciudadano">
        <Answers request={data} />
      </Section>

      <Section id="sec-documentos" title="Documentos">
        {data.documents.length === 0 ? <Text size="sm" c="dimmed">La solicitud no tiene documentos.</Text> : (
          <List spacing="xs">
            {data.documents.map((d) => (
              <List.Item key={d.id}>
                <Anchor href={d.download} download>{d.name}</Anchor>{' '}
                <Text span size="xs" c="dimmed">({d.source === 'adjunto' ? `adjuntado el ${when(d.created_at)}` : 'del formulario'}, {Math.max(1, Math.round(d.size / 1024))} KB)</Text>
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section id="sec-pagos" title="Pagos">
        {data.items.length === 0 ? <Text size="sm" c="dimmed">Sin pagos.</Text> : (
          <List spacing="xs" aria-labelledby="sec-pagos">
            {data.items.map((i) => (
              <List.Item key={i.id}>
                {i.concept} ({i.agency}): <Text span fw={700} inherit>{amount(i.amount, i.currency)}</Text> · {paymentStatusLabel(i.status)}
                {/* A proof waiting for an officer: where it is (the request's institution and the charging one see it there; only the charging one verifies it). */}
                {i.status === PAYMENT_STATUS.en_verificacion && (
                  <>
                    {' · '}
                    {data.verifiable_items.includes(i.id) ? (
                      <Anchor component={Link} href={staffPaths.staffPayments.href()}>Verificar el comprobante en «Pagos por verificar»</Anchor>
                    ) : (
                      <>
                        lo verifica {i.agency}:{' '}
                        <Anchor component={Link} href={staffPaths.staffPayments.href()}>Ver el comprobante en «Pagos por verificar»</Anchor>
                      </>
                    )}
                  </>
                )}
                <ChargeExtras item={i} />
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section id="sec-historial" title="Historial">
        <Timeline active={data.timeline.length - 1} bulletSize={14} lineWidth={2}>
          {data.timeline.map((t) => (
            <Timeline.Item key={t.id} title={t.label}>
              <Text size="xs" c="dimmed">
                {when(t.created_at)} · {t.actor === 'ciudadano' ? 'Ciudadano' : t.actor === 'sistema' ? 'Portal Ciudadano' : `${t.institution ?? 'Institución'}${t.staff_name ? ` (${t.staff_name})` : ''}`}
              </Text>
              {t.message && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{t.message}</Text>}
              {t.requires_document && <Text size="xs">Pide un documento{t.answered_at ? ` · respondida el ${when(t.answered_at)}` : ' · sin responder'}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>

      <Section id="sec-comentarios" title="Comentarios">
        <Comments request={data} onSent={() => void request.mutate()} />
      </Section>

      <EventDialog
        requestId={data.id}
        event={event}
        onClose={() => { setEvent(null); window.setTimeout(() => opener.current?.focus(), 0); }}
        onDone={(message) => { setEvent(null); setDone(message); void request.mutate(); }}
      />
    </Stack>
  );
}
