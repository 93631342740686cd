import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { errorBody, handleUnauthenticated } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { LoginForm } from '../../auth/components/LoginForm';
import { createApplication, useApplications, type Application, type ApplicationStatus } from '../api/applications';
import { DeleteDraftButton } from './DeleteDraftButton';

const STATUS: Record<ApplicationStatus, { text: string; color: string }> = {
  borrador: { text: 'Borrador', color: 'gray' },
  enviada: { text: 'Enviada', color: 'blue' },
  en_revision: { text: 'En revisión', color: 'yellow' },
  aprobada: { text: 'Aprobada', color: 'green' },
  rechazada: { text: 'Rechazada', color: 'red' },
};

/** Link to the single-account registry; it brings the citizen back here (return-to parameter). */
export function registroUnicoHref(): string {
  const url = new URL(env.registroUnicoUrl);
  url.searchParams.set('return_to', window.location.origin + paths.home());
  return url.toString();
}

/** How the list names an application: a draft by its company's name once it has one, a submitted one by its code. */
export function applicationName(a: Application): string {
  const tipo = (a.data.datos_solicitud as Record<string, unknown> | undefined)?.tipo_societario;
  const base = a.status === 'borrador'
    ? a.company_name ?? `Borrador n.º ${a.id}`
    : `${a.request_code ?? `Solicitud n.º ${a.id}`}${a.company_name ? ` · ${a.company_name}` : ''}`;
  return `${base}${typeof tipo === 'string' ? ` · ${tipo}` : ''}`;
}

function MyApplications() {
  const [, navigate] = useLocation();
  const { data, error, mutate } = useApplications();
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setCreating(true);
    setFailure(null);
    try {
      const app = await createApplication({ datos_solicitud: { 'cámara_de_comercio': 'SDQ' } });
      navigate(paths.application(app.id));
    } catch (e) {
      if (!(await handleUnauthenticated(e))) setFailure((await errorBody(e)).message ?? 'No se pudo crear la solicitud.');
    } finally {
      setCreating(false);
    }
  };

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => void start()} loading={creating}>Nueva solicitud de formalización</Button>
      </Group>
      {failure && <Alert color="red" role="alert">{failure}</Alert>}
      <Title order={2}>Mis solicitudes</Title>
      {error && <Alert color="red">No se pudieron cargar sus solicitudes.</Alert>}
      {data && data.length === 0 && <Text c="dimmed">Todavía no tiene solicitudes.</Text>}
      {data?.map((a) => {
        const href = a.status === 'borrador' ? paths.application(a.id) : paths.confirmation(a.id);
        const name = applicationName(a);
        return (
          <Card key={a.id} withBorder>
            <Group justify="space-between">
              <div>
                <Text fw={600}>{name}</Text>
                <Text size="sm" c="dimmed">Actualizada el {new Date(a.updated_at).toLocaleString('es-DO')}</Text>
              </div>
              <Group>
                <Badge color={STATUS[a.status].color}>{STATUS[a.status].text}</Badge>
                {/* One link per request: the hidden part names it, so a screen reader's list of links tells them apart (WCAG 2.4.4). */}
                <Anchor component={Link} href={href}>
                  {a.status === 'borrador' ? 'Continuar' : 'Ver'}<VisuallyHidden> {name}</VisuallyHidden>
                </Anchor>
                {a.status === 'borrador' && (
                  <DeleteDraftButton id={a.id} name={name} onDeleted={(id) => void mutate((list) => list?.filter((x) => x.id !== id), { revalidate: true })} />
                )}
              </Group>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Home: log in, or start / resume an application. */
export function HomePage() {
  const session = useSession();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Formalice su empresa en línea</Title>
        <Text mt="xs">SRL, EIRL o persona física, ante la Cámara de Comercio y Producción de Santo Domingo. Puede guardar y continuar cuando quiera.</Text>
      </div>
      {session ? <MyApplications /> : <LoginForm />}
      <Text size="sm">
        ¿No tiene cuenta? <Anchor href={registroUnicoHref()} rel="noopener">Regístrese en el registro único de cuenta</Anchor>; al terminar volverá a este portal.
      </Text>
    </Stack>
  );
}
