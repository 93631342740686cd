import { useState } from 'react';
import { Alert, Button, Fieldset, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RATING_COMMENT_MAX } from '@portal/api-contract';
import { useSWRConfig } from 'swr';
import { rateRequest, requestKey } from '../../../api/requests';
import { errorMessage } from '../../../lib/apiError';
import type { ModalContentProps } from '../../../modals/modalContent';

/** What RATE_REQUEST_MODAL is opened with. */
export interface RateRequestData {
  /** The request's id. Required. */
  requestId: number;
  /** The request's code, to name it. Required. */
  code: string;
}

const LABELS = ['Muy mala', 'Mala', 'Regular', 'Buena', 'Excelente'];

/** The accessible name of each star: "4 de 5 estrellas: Buena"; Mantine's hidden "no rating" choice (0) is "Sin calificación". */
export const starLabel = (value: number): string => (value >= 1 && value <= LABELS.length ? `${value} de 5 estrellas: ${LABELS[value - 1]}` : 'Sin calificación');

/**
 * RATE_REQUEST_MODAL: the citizen rates a finished request once, 1 to 5 stars
 * (radio buttons with Spanish names, arrows change the choice) and an optional
 * comment (POST /v1/portals/ratings). A refusal shows inside the dialog and
 * keeps what was chosen and written.
 */
export default function RateRequestContent({ data, close }: ModalContentProps) {
  const { requestId, code } = data as RateRequestData;
  const { mutate } = useSWRConfig();
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    if (score < 1) return setProblem('Elija de 1 a 5 estrellas');
    setBusy(true);
    setFailure(null);
    try {
      await rateRequest(requestId, score, comment.trim());
      await mutate(requestKey(requestId));
      notifications.show({ color: 'teal', message: '¡Gracias! Su calificación fue registrada.' });
      close();
    } catch (e) {
      setFailure(errorMessage(e, 'No se pudo registrar su calificación. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text size="sm">¿Cómo fue su experiencia con la solicitud {code}?</Text>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Fieldset legend="Calificación (de 1 a 5 estrellas)" variant="unstyled">
        <Rating
          value={score}
          onChange={(value) => {
            setScore(value);
            setProblem(null);
          }}
          size="lg"
          getSymbolLabel={starLabel}
          name="calificacion"
          aria-describedby={problem ? 'calificacion-error' : undefined}
        />
        {score > 0 && <Text size="sm" mt={4}>{starLabel(score)}</Text>}
        {problem && <Text id="calificacion-error" size="sm" c="var(--mantine-color-error)" role="alert" mt={4}>{problem}</Text>}
      </Fieldset>
      <Textarea
        label="Comentario (opcional)"
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        maxLength={RATING_COMMENT_MAX}
        description={`Hasta ${RATING_COMMENT_MAX} caracteres.`}
        rows={3}
        disabled={busy}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close} disabled={busy}>Cancelar</Button>
        <Button onClick={() => void send()} loading={busy}>Enviar calificación</Button>
      </Group>
    </Stack>
  );
}
