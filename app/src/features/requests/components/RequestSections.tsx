/** The parts of a request's page below its overview (RequestOverview): the action callout, documents, the thread, withdrawal and rating. */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { REQUEST_COMMENT_MAX } from '@portal/api-contract';
import { useSWRConfig } from 'swr';
import {
  addComment, answerAction, markCommentRead, requestKey, withdrawRequest,
  type CitizenRequestDetail, type RequestAttachment,
} from '../../../api/requests';
import { errorMessage } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { withdrawalNotes } from '../withdrawalNotes';
import { formatWhen as formatDate } from '../../../lib/dates';

type Detail = CitizenRequestDetail;

/** A document's name as the citizen gave it, with its extension. */
const fileName = (d: RequestAttachment) => `${d.name}.${d.extension}`;

/** The institution's open request for an action: its message, the document it asks for, and the answer. */
export function ActionCallout({ request }: { request: Detail }) {
  const action = request.pending_action;
  const { mutate } = useSWRConfig();
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // «Debe adjuntar el documento solicitado» after a send without it: it holds only while nothing is attached.
  const [missingDocument, setMissingDocument] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!action) return null;
  const attached = request.documents.filter((d) => d.request_action_id === action.id);
  const documentMissing = missingDocument && action.requires_document && attached.length === 0;

  const send = async () => {
    if (answer.trim() === '') return setProblem('Escriba su respuesta');
    if (action.requires_document && attached.length === 0) {
      setFailure(null);
      return setMissingDocument(true);
    }
    setMissingDocument(false);
    setBusy(true);
    setFailure(null);
    try {
      await answerAction(request.id, action.id, answer.trim());
      setAnswer('');
      notifications.show({ color: 'teal', message: 'Su respuesta fue enviada a la institución.' });
      await mutate(requestKey(request.id));
    } catch (e) {
      setFailure(errorMessage(e, 'No se pudo enviar su respuesta. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder bg="orange.0" style={{ borderColor: 'var(--mantine-color-orange-6)', borderWidth: 2 }} component="section" aria-labelledby="accion-titulo">
      <Stack gap="sm">
        <Title order={2} size="h3" id="accion-titulo">La institución solicita una acción</Title>
        <Text fw={600}>{request.institution} le pide:</Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{action.message ?? 'Responda a la institución.'}</Text>
        {action.requires_document && (
          <Stack gap={4}>
            <Text size="sm">Esta acción requiere que adjunte un documento.</Text>
            {attached.length > 0 && (
              <List size="sm">
                {attached.map((d) => <List.Item key={d.id}>Adjuntado: {fileName(d)}</List.Item>)}
              </List>
            )}
            <Group>
              <Button variant="default" onClick={() => openModal('UPLOAD_FILE_TO_REQUEST', { data: { requestId: request.id, actionId: action.id } })}>
                Adjuntar documento
              </Button>
            </Group>
          </Stack>
        )}
        {documentMissing && <Alert color="red" role="alert">Debe adjuntar el documento solicitado</Alert>}
        {failure && <Alert color="red" role="alert">{failure}</Alert>}
        <Textarea
          label="Su respuesta"
          value={answer}
          onChange={(e) => {
            setAnswer(e.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
          maxLength={REQUEST_COMMENT_MAX}
          rows={3}
          disabled={busy}
        />
        <Group>
          <Button onClick={() => void send()} loading={busy}>Enviar respuesta</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The documents attached after submitting, and the way to attach another one. */
export function Documents({ request }: { request: Detail }) {
  const canAttach = request.allowed.includes('adjuntar');
  return (
    <Card withBorder component="section" aria-labelledby="documentos">
      <Title order={2} size="h3" id="documentos" mb="sm">Documentos adjuntos</Title>
      {request.documents.length === 0 ? (
        <Text size="sm" c="dimmed">No ha adjuntado documentos a esta solicitud.</Text>
      ) : (
        <List size="sm" mb="sm">
          {request.documents.map((d) => (
            <List.Item key={d.id}>
              <Text span fw={600}>{fileName(d)}</Text> · {formatDate(d.created_at)}
              {d.request_action_id !== null && ' · respuesta a una acción solicitada'}
            </List.Item>
          ))}
        </List>
      )}
      {canAttach && (
        <Group mt="sm">
          <Button variant="default" onClick={() => openModal('UPLOAD_FILE_TO_REQUEST', { data: { requestId: request.id, actionId: null } })}>
            Adjuntar un documento
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** The thread with the institution: comments oldest first, new ones marked and then marked read; a form to add one. */
export function Comments({ request }: { request: Detail }) {
  const { mutate } = useSWRConfig();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The institution's comments that were new when the page showed them keep their "Nuevo" mark while it stays open.
  const fresh = useRef(new Set<number>());
  const unread = request.comments.filter((c) => c.author === 'institucion' && !c.read);
  for (const c of unread) fresh.current.add(c.id);
  const unreadIds = unread.map((c) => c.id).join(',');

  useEffect(() => {
    if (unreadIds === '') return;
    void Promise.all(unreadIds.split(',').map((id) => markCommentRead(Number(id)).catch(() => null))).then(() => mutate(requestKey(request.id)));
  }, [unreadIds, request.id, mutate]);

  const send = async () => {
    if (text.trim() === '') return setProblem('Escriba un comentario');
    setBusy(true);
    setFailure(null);
    try {
      await addComment(request.id, text.trim());
      setText('');
      await mutate(requestKey(request.id));
    } catch (e) {
      setFailure(errorMessage(e, 'No se pudo enviar su comentario. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="comentarios">
      <Title order={2} size="h3" id="comentarios" mb="sm">Comentarios</Title>
      {request.comments.length === 0 ? (
        <Text size="sm" c="dimmed">Todavía no hay comentarios.</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} mb="md" style={{ listStyle: 'none' }}>
          {request.comments.map((c) => (
            <Card key={c.id} component="li" withBorder bg={c.author === 'ciudadano' ? 'gray.0' : undefined} p="sm">
              <Group gap="xs">
                <Text size="sm" fw={600}>{c.author === 'ciudadano' ? 'Usted' : request.institution}</Text>
                <Text size="sm" c="dimmed">{formatDate(c.created_at)}</Text>
                {fresh.current.has(c.id) && <Badge size="sm" color="blue">Nuevo</Badge>}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.content}</Text>
            </Card>
          ))}
        </Stack>
      )}
      {request.allowed.includes('comentar') ? (
        <Stack gap="sm">
          {failure && <Alert color="red" role="alert">{failure}</Alert>}
          <Textarea
            label="Nuevo comentario"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
            maxLength={REQUEST_COMMENT_MAX}
            rows={2}
            disabled={busy}
          />
          <Group>
            <Button onClick={() => void send()} loading={busy}>Enviar comentario</Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">Esta solicitud fue desistida: ya no admite comentarios.</Text>
      )}
    </Card>
  );
}

/** "Desistir de la solicitud" with a confirmation dialog; nothing happens without it. */
export function WithdrawButton({ request }: { request: Detail }) {
  const { mutate } = useSWRConfig();
  return (
    <ConfirmButton
      label="Desistir de la solicitud"
      buttonProps={{ color: 'red', variant: 'outline' }}
      title="¿Desistir de esta solicitud?"
      confirmLabel="Sí, desistir"
      failure="No se pudo desistir de la solicitud. Intente de nuevo."
      action={async () => {
        await withdrawRequest(request.id);
        notifications.show({ color: 'teal', message: `Desistió de la solicitud ${request.code}.` });
        void mutate(requestKey(request.id));
      }}
    >
      <Text>
        La institución dejará de tramitar la solicitud {request.code}. Esta acción no se puede deshacer: para obtener el servicio
        tendrá que enviar una solicitud nueva.
      </Text>
      {withdrawalNotes(request.items, request.code).map((note) => <Text key={note} mt="xs">{note}</Text>)}
    </ConfirmButton>
  );
}

/** The citizen's rating once given, or the way to give it on a finished request. */
export function RatingSection({ request }: { request: Detail }) {
  if (request.rating) {
    return (
      <Card withBorder component="section" aria-labelledby="calificacion">
        <Title order={2} size="h3" id="calificacion" mb="sm">Su calificación</Title>
        <Group gap="sm">
          <Rating value={request.rating.score} readOnly aria-hidden />
          <Text>{request.rating.score} de 5 estrellas</Text>
        </Group>
        {request.rating.comment && <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>{request.rating.comment}</Text>}
      </Card>
    );
  }
  if (!request.allowed.includes('calificar')) return null;
  return (
    <Card withBorder component="section" aria-labelledby="calificacion">
      <Title order={2} size="h3" id="calificacion" mb="sm">Califique el servicio</Title>
      <Text size="sm" mb="sm">Su opinión ayuda a mejorar el servicio. Solo puede calificar una vez.</Text>
      <Button onClick={() => openModal('RATE_REQUEST_MODAL', { data: { requestId: request.id, code: request.code } })}>Calificar</Button>
    </Card>
  );
}
