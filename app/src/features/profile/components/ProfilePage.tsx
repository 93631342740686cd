import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Box, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { applyMask } from '@portal/form-mantine/mask';
import { errorMessage } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';
import { deleteDocument, useDocuments, useProfile, type CitizenProfile } from '../api';
import type { UserEditData } from '../modals/UserEditContent';
import { SignInMethods } from './SignInMethods';

const NONE = 'No indicado';

/** One label and its value, as a description list entry. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">{label}</Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}

const phone = (value: string | null) => (value ? applyMask(value, '(###) ###-####') : NONE);

function Section({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder component="section" aria-labelledby={id} padding="lg">
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} id={id} size="h3">{title}</Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function Documents() {
  const { data: documents, error, isLoading, mutate } = useDocuments();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async (id: number) => {
    setBusy(true);
    setFailure(null);
    try {
      await deleteDocument(id);
      await mutate();
      setConfirming(null);
      notifications.show({ color: 'teal', message: 'Documento eliminado' });
    } catch (err) {
      setConfirming(null);
      setFailure(errorMessage(err, 'No se pudo eliminar el documento. Intente de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title="Mis documentos"
      id="perfil-documentos"
      action={<Button variant="light" onClick={() => openModal('FILE_UPLOAD_MODAL')}>Subir un documento</Button>}
    >
      {failure && <Alert color="red" role="alert" mb="sm">{failure}</Alert>}
      {isLoading && <Loader role="progressbar" size="sm" aria-label="Cargando los documentos" />}
      {error && !isLoading && <Alert color="red" role="alert">{errorMessage(error, 'No se pudieron cargar sus documentos.')}</Alert>}
      {documents && documents.length === 0 && <Text c="dimmed">Aún no ha subido documentos.</Text>}
      {documents && documents.length > 0 && (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="sm" aria-labelledby="perfil-documentos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th><VisuallyHidden>Acciones</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {documents.map((doc) => (
                <Table.Tr key={doc.id} data-document={doc.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{doc.name}</Table.Td>
                  <Table.Td>{doc.extension.toUpperCase()}</Table.Td>
                  <Table.Td>
                    {confirming === doc.id ? (
                      <Group gap="xs" justify="flex-end" wrap="wrap">
                        <Text size="sm" id={`borrar-${doc.id}`}>¿Eliminar {doc.name}?</Text>
                        <Button size="compact-sm" color="red" loading={busy} onClick={() => void remove(doc.id)} aria-describedby={`borrar-${doc.id}`} data-autofocus>
                          Sí, eliminar
                        </Button>
                        <Button size="compact-sm" variant="default" disabled={busy} onClick={() => setConfirming(null)}>No</Button>
                      </Group>
                    ) : (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Anchor href={doc.route} target="_blank" rel="noopener" aria-label={`Ver ${doc.name}`}>Ver</Anchor>
                        <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(doc.id)} aria-label={`Eliminar ${doc.name}`}>
                          Eliminar
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function ProfileDetails({ profile }: { profile: CitizenProfile }) {
  const edit = (step: UserEditData['step'] = 'form') => openModal('USER_EDIT', { data: { profile, step } satisfies UserEditData });
  return (
    <>
      <Section title="Datos de identidad" id="perfil-identidad">
        <Text size="sm" c="dimmed" mb="sm">Vienen del registro de la Junta Central Electoral (JCE) y no se pueden cambiar aquí.</Text>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
          <Item label="Cédula">{applyMask(profile.cedula, '###-#######-#')}</Item>
          <Item label="Nombres">{profile.nombres}</Item>
          <Item label="Apellidos">{profile.apellidos}</Item>
        </SimpleGrid>
      </Section>
      <Section title="Contacto" id="perfil-contacto">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
          <Item label="Correo electrónico">{profile.correo_electronico}</Item>
          <Item label="Teléfono">{phone(profile.telefono)}</Item>
          <Item label="Celular">{phone(profile.celular)}</Item>
        </SimpleGrid>
        {profile.correo_pendiente && (
          <Alert color="blue" mt="md" title="Correo por confirmar">
            <Text size="sm">Su nuevo correo {profile.correo_pendiente} se usará cuando escriba el código que le enviamos.</Text>
            <Button variant="light" size="compact-sm" mt="xs" onClick={() => edit('code')}>Escribir el código</Button>
          </Alert>
        )}
      </Section>
      <Section title="Dirección" id="perfil-direccion">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} m={0}>
          <Item label="Provincia">{profile.provincia_nombre ?? NONE}</Item>
          <Item label="Municipio">{profile.municipio_nombre ?? NONE}</Item>
          <Item label="Sector">{profile.sector_nombre ?? NONE}</Item>
          <Item label="Calle">{profile.calle ?? NONE}</Item>
          <Item label="Número de casa o apartamento">{profile.numero_de_casa_o_apartamento ?? NONE}</Item>
        </SimpleGrid>
      </Section>
      <Group>
        <Button onClick={() => edit()}>Editar mis datos</Button>
      </Group>
    </>
  );
}

/** /perfil: the signed-in citizen's identity, contact, address and documents, with "Editar mis datos" (USER_EDIT). */
export function ProfilePage() {
  const { data: profile, error, isLoading } = useProfile();
  return (
    <Stack gap="lg">
      <Title order={1}>Mi perfil</Title>
      {/* The details are most of the page: while they load, their place is kept (a screen's height), so the
          documents and sign-in methods below, which load on their own, are not pushed down when they arrive
          (Lighthouse measured a layout shift of 0.5 on a phone). */}
      {isLoading && (
        <Box mih="100vh">
          <Loader role="progressbar" aria-label="Cargando su perfil" />
        </Box>
      )}
      {error && !isLoading && <Alert color="red" role="alert">{errorMessage(error, 'No se pudo cargar su perfil. Intente de nuevo.')}</Alert>}
      {profile && <ProfileDetails profile={profile} />}
      <Documents />
      <SignInMethods />
    </Stack>
  );
}
