import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { Link } from 'wouter';
import type { FormPreview } from '@portal/api-contract';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/apiError';
import type { ModalContentProps } from '../../../modals/modalContent';

/** `data` of PREVIEW: the catalogue id of the service whose form is shown, and where «Comenzar» leads (none for a visitor). */
export interface FormPreviewData {
  serviceId: number;
  startHref?: string;
}

/**
 * PREVIEW: every question of a service's form before starting it, read-only,
 * as the server's engine outlines it (GET /v1/portals/previewformulary/{id}/show):
 * each section or grid with its questions, the kind of answer, whether it is
 * required and when a part applies.
 */
export default function FormPreviewContent({ data, close }: ModalContentProps) {
  const { serviceId, startHref } = (data ?? {}) as FormPreviewData;
  const { data: preview, error, mutate, isValidating } = useSWR(['portals/previewformulary', serviceId], async () =>
    (await api.get<{ data: FormPreview }>(`portals/previewformulary/${serviceId}/show`)).data);

  if (error && !isValidating) {
    return (
      <Alert color="red" title="No se pudo cargar el formulario">
        <Text size="sm">{errorMessage(error, 'Intente de nuevo en unos momentos.')}</Text>
        <Button mt="sm" variant="default" onClick={() => void mutate()}>Intentar de nuevo</Button>
      </Alert>
    );
  }
  if (!preview) return <Loader role="progressbar" aria-label="Cargando el formulario" />;
  return (
    <Stack gap="md">
      <Text fw={700}>{preview.title}</Text>
      {preview.description && <Text size="sm">{preview.description}</Text>}
      <Text size="sm" c="dimmed">Esta es una vista de solo lectura: las preguntas marcadas «Obligatoria» deben responderse para enviar la solicitud.</Text>
      {preview.parts.map((part, i) => (
        <section key={part.title} aria-labelledby={`vista-parte-${i}`}>
          <Title order={3} size="h5" id={`vista-parte-${i}`}>{i + 1}. {part.title}</Title>
          {part.when && <Text size="sm" c="dimmed">Solo cuando {part.when}.</Text>}
          {part.rows && <Text size="sm" c="dimmed">{part.rows}.</Text>}
          <ul className="form-preview-fields">
            {part.fields.map((f) => (
              <li key={f.title}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>{f.title}</Text>
                  {f.required === 'Sí' && <Badge size="xs" variant="light" color="red">Obligatoria</Badge>}
                </Group>
                <Text size="sm">{f.kind}{f.required.startsWith('Cuando') ? `. Obligatoria ${f.required.charAt(0).toLowerCase()}${f.required.slice(1)}` : ''}{f.when ? `. Se pregunta cuando ${f.when}` : ''}.</Text>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>Cerrar</Button>
        {startHref && <Button component={Link} href={startHref} onClick={close}>Comenzar la solicitud</Button>}
      </Group>
      <Anchor component={Link} href={paths.services.href()} onClick={close} size="sm">Ver otros servicios</Anchor>
    </Stack>
  );
}
