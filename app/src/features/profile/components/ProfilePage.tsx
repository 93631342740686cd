import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';
import { deleteDocument, useDocuments, useProfile } from '../api';
import { PROFILE_TITLE, ProfileDetails, ProfileLoading, Section } from './ProfileDetails';
import { SignInMethods } from './SignInMethods';

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

/** /perfil: the signed-in citizen's identity, contact, address and documents, with "Editar mis datos" (USER_EDIT). */
export function ProfilePage() {
  const { data: profile, error, isLoading } = useProfile();
  return (
    <Stack gap="lg">
      <Title order={1}>{PROFILE_TITLE}</Title>
      {isLoading && <ProfileLoading />}
      {error && !isLoading && <Alert color="red" role="alert">{errorMessage(error, 'No se pudo cargar su perfil. Intente de nuevo.')}</Alert>}
      {profile && <ProfileDetails profile={profile} />}
      <Documents />
      <SignInMethods />
    </Stack>
  );
}
