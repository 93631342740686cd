import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation, useParams } from 'wouter';
import { createApplication, useFormApplications } from '../../../api/applications';
import { errorMessage, statusOf } from '../../../lib/apiError';
import { formPaths, paths } from '../../../config/paths';
import { UnknownFormError, useOnlineForm } from '../../../lib/onlineForms';
import { formatWhen } from '../../../lib/dates';

/**
 * /en-linea/<form>: where an online service starts. Its sections (the
 * service page's PREVIEW shows every question), the citizen's open drafts of it to
 * continue, and "Comenzar la solicitud", which creates the draft only when
 * asked (visiting the page, or coming back to it, creates nothing).
 */
export function StartPage() {
  const { form: name } = useParams<{ form: string }>();
  const [, navigate] = useLocation();
  const { data: form, error: formError } = useOnlineForm(name);
  const { data: applications, error: listError } = useFormApplications(name);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pages = formPaths(name);

  if (formError instanceof UnknownFormError || statusOf(listError) === 404) {
    return (
      <Stack gap="md">
        <Title order={1}>Servicio no disponible en línea</Title>
        <Text>Este servicio no se solicita en línea en el portal.</Text>
        <Anchor component={Link} href={paths.services.href()}>Buscar otro servicio</Anchor>
      </Stack>
    );
  }
  if (formError) return <Alert color="red" title="No se pudo cargar el formulario">Verifique su conexión e intente de nuevo.</Alert>;
  if (!form) return <Loader role="progressbar" aria-label="Cargando el formulario" />;

  const drafts = (applications ?? []).filter((a) => a.status === 'borrador');
  const start = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const created = await createApplication(name);
      navigate(pages.application(created.id));
    } catch (e) {
      setFailure(errorMessage(e, 'No se pudo comenzar la solicitud. Intente de nuevo.'));
      setStarting(false);
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Anchor component={Link} href={paths.services.href()} size="sm">← Volver a los servicios</Anchor>
        <Title order={1}>{form.schema.title ?? 'Solicitud en línea'}</Title>
      </Stack>
      {form.schema.description && <Text size="lg">{form.schema.description}</Text>}
      <Card withBorder component="section" aria-labelledby="secciones-formulario">
        <Title order={2} size="h4" id="secciones-formulario">Qué le vamos a preguntar</Title>
        <ol>
          {form.sections.map((s) => (
            <li key={s.key}>
              <Text>
                {s.title}
                {s.node['x-visible'] !== undefined && <Text span c="dimmed" size="sm"> (solo si aplica a su caso)</Text>}
              </Text>
            </li>
          ))}
        </ol>
        <Text size="sm" c="dimmed">Sus respuestas se guardan solas mientras escribe: puede dejarla y continuarla después desde «Mis solicitudes».</Text>
      </Card>
      {drafts.length > 0 && (
        <section aria-labelledby="borradores">
          <Title order={2} size="h4" id="borradores">Sus borradores de esta solicitud</Title>
          <Stack gap="xs" mt="xs">
            {drafts.map((d) => (
              <Group key={d.id} justify="space-between" wrap="wrap">
                <Text>{d.label ?? `Borrador n.º ${d.id}`} <Text span c="dimmed" size="sm">· actualizado el {formatWhen(d.updated_at)}</Text></Text>
                <Anchor component={Link} href={pages.application(d.id)}>
                  Continuar<VisuallyHidden> {d.label ?? `borrador n.º ${d.id}`}</VisuallyHidden>
                </Anchor>
              </Group>
            ))}
          </Stack>
        </section>
      )}
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Group>
        <Button onClick={() => void start()} loading={starting}>{drafts.length > 0 ? 'Comenzar otra solicitud' : 'Comenzar la solicitud'}</Button>
      </Group>
    </Stack>
  );
}
