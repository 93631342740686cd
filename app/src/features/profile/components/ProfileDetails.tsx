/**
 * The citizen's details on «Mi perfil» (identity, contact, address, «Editar mis datos»): ProfilePage draws
 * them, and so does ProfileFrame while the page's code is on its way (in the first bundle: the profile is
 * asked for with it, and the identity section's note is the page's largest text on a phone). Only
 * components whose styles the first paint has.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import type { CitizenProfile } from '@portal/api-contract';
import { applyMask } from '@portal/form-mantine/mask';
import { openModal } from '../../../modals/modalStore';
import type { UserEditData } from '../modals/UserEditContent';

/** The page's heading. */
export const PROFILE_TITLE = 'Mi perfil';

/**
 * Where the details go while they load: their place is kept (a screen's height), so the documents and
 * sign-in methods below, which load on their own, are not pushed down when they arrive (Lighthouse
 * measured a layout shift of 0.5 on a phone).
 */
export function ProfileLoading() {
  return (
    <Box mih="100vh">
      <Loader role="progressbar" aria-label="Cargando su perfil" />
    </Box>
  );
}

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

export function Section({ title, id, children, action }: { title: string; id: string; children: ReactNode; action?: ReactNode }) {
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

export function ProfileDetails({ profile }: { profile: CitizenProfile }) {
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

