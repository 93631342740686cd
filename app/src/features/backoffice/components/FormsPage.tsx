/**
 * «Formularios» (administrators, issue 26 §2): the published forms with their current version, and
 * for each one its versions: who published it (or the server, from the files it shipped with), when,
 * the note, and what changed against the previous one, in the words `forms:publish` prints.
 * Publishing is the command's (README «Añadir un servicio en línea»); this page reads.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { PublishedForm } from '@portal/api-contract';
import { errorMessage } from '../../../lib/apiError';
import { useFormVersions, usePublishedForms } from '../api/backoffice';
import { when } from './format';

function Versions({ form }: { form: PublishedForm }) {
  const { data, error } = useFormVersions(form.form);
  if (error !== undefined) return <Alert color="red" role="alert">{errorMessage(error, 'No se pudieron leer las versiones.')}</Alert>;
  if (!data) return <Loader role="progressbar" size="sm" aria-label={`Cargando las versiones de ${form.title}`} />;
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Versiones de ${form.title}`}>
      {data.map((v) => (
        <li key={v.version}>
          <Card withBorder padding="sm">
            <Group gap="xs">
              <Text fw={600}>Versión {v.version}</Text>
              {v.version === form.version && <Badge color="green" variant="light">Vigente</Badge>}
            </Group>
            <Text size="sm">
              {when(v.published_at)} · {v.published_by ?? 'El servidor, con los archivos de la instalación'} · <code>{v.hash.slice(0, 12)}</code>
            </Text>
            <Text size="sm" mt={4}>Nota: {v.note}</Text>
            {v.changes.length > 0 && (
              <List size="sm" mt={4} spacing={2}>
                {v.changes.map((c) => <List.Item key={c}>{c}</List.Item>)}
              </List>
            )}
            {v.version > 1 && v.changes.length === 0 && <Text size="sm" c="dimmed" mt={4}>Sin cambios visibles respecto de la versión anterior.</Text>}
          </Card>
        </li>
      ))}
    </Stack>
  );
}

export function FormsPage() {
  const forms = usePublishedForms();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Title order={1}>Formularios</Title>
      <Text size="sm">
        Cada publicación de un formulario es una versión que no cambia: las solicitudes enviadas se leen siempre con la suya y los borradores
        pasan a la vigente con un aviso. Para publicar: <code>npm run forms:publish -- schemas/&lt;formulario&gt;</code>.
      </Text>
      {forms.error !== undefined && <Alert color="red" role="alert">{errorMessage(forms.error, 'No se pudieron leer los formularios.')}</Alert>}
      {!forms.data && !forms.error && <Loader role="progressbar" aria-label="Cargando los formularios" />}
      {forms.data?.map((f) => {
        const expanded = open === f.form;
        const panel = `versiones-${f.form}`;
        return (
          <Card key={f.form} withBorder component="section" aria-labelledby={`titulo-${f.form}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Title order={2} size="h4" id={`titulo-${f.form}`}>{f.title}</Title>
                <Text size="sm" c="dimmed">{f.form} · versión {f.version} vigente desde {when(f.published_at)}</Text>
              </div>
              <Button variant="default" size="compact-sm" aria-expanded={expanded} aria-controls={panel} onClick={() => setOpen(expanded ? null : f.form)}>
                {expanded ? 'Ocultar las versiones' : 'Ver las versiones'}
              </Button>
            </Group>
            <div id={panel} hidden={!expanded}>
              {expanded && <Stack mt="sm"><Versions form={f} /></Stack>}
            </div>
          </Card>
        );
      })}
    </Stack>
  );
}
