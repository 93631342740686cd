/**
 * «Personal» (administrators, issue 25 §2): every staff member with the state
 * of their second factor, and «Restablecer segundo factor» for another member
 * (after a confirmation): their passkeys, authenticator app and recovery
 * codes stop working, their sessions end and they configure a second factor
 * again at their next sign-in. The reset is in the audit log.
 */
import { useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Group, Loader, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { StaffMember } from '@portal/api-contract';
import { ApiError, errorMessage } from '../../../lib/apiError';
import { resetStaffSecondFactor, useStaffMe, useStaffMembers } from '../api/backoffice';

const ADMINISTRATION = 'Administración';
const FACTOR_LABELS: Record<StaffMember['factors'][number], string> = { llave_de_acceso: 'llave de acceso', aplicacion: 'aplicación' };

export function StaffMembersPage() {
  const me = useStaffMe().data;
  const members = useStaffMembers();
  const [target, setTarget] = useState<StaffMember | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const reset = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await resetStaffSecondFactor(target.id);
      await members.mutate();
      setTarget(null);
      setDone(`${message}.`);
      setTimeout(() => doneRef.current?.focus(), 0);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo restablecer el segundo factor.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>Personal</Title>
      <Text size="sm">
        El personal ingresa con su contraseña y un segundo factor: su llave de acceso o el código de una aplicación de autenticación. Si alguien
        perdió su dispositivo y sus códigos de recuperación, restablezca su segundo factor: sus sesiones terminan y lo configura de nuevo en su
        próximo ingreso.
      </Text>
      <div ref={doneRef} tabIndex={-1} role="status">
        {done && <Alert color="green">{done}</Alert>}
      </div>
      {members.error !== undefined && <Alert color="red" role="alert">{errorMessage(members.error, 'No se pudo leer el personal.')}</Alert>}
      {!members.data && !members.error && <Loader role="progressbar" aria-label="Cargando el personal" />}
      {members.data && (
        <Box role="region" aria-label="Tabla del personal (se desplaza a los lados)" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped miw={760} aria-label="Personal" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nombre</Table.Th>
                <Table.Th scope="col">Correo</Table.Th>
                <Table.Th scope="col">Institución</Table.Th>
                <Table.Th scope="col">Segundo factor</Table.Th>
                <Table.Th scope="col"><VisuallyHidden>Acciones</VisuallyHidden></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Th scope="row" fw={500}>{m.name}{m.active ? '' : ' (desactivada)'}</Table.Th>
                  <Table.Td>{m.email}</Table.Td>
                  <Table.Td>{m.institution ?? ADMINISTRATION}</Table.Td>
                  <Table.Td>
                    {m.second_factor
                      ? (
                        <Group gap={6} wrap="nowrap">
                          <Badge color="green" variant="light">Configurado</Badge>
                          <Text size="sm">{m.factors.map((f) => FACTOR_LABELS[f]).join(' y ')}</Text>
                        </Group>
                      )
                      : <Badge color="gray" variant="light">Lo configura en su próximo ingreso</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {m.id !== me?.id && m.second_factor && (
                      <Button size="xs" variant="default" color="red" onClick={() => { setError(null); setTarget(m); }} aria-label={`Restablecer segundo factor de ${m.name}`}>
                        Restablecer segundo factor
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <Modal opened={target !== null} onClose={() => setTarget(null)} title="¿Restablecer el segundo factor?" centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        {target && (
          <Stack gap="sm">
            <Text size="sm">
              {target.name} ({target.email}) no podrá usar su llave de acceso, su aplicación de autenticación ni sus códigos de recuperación; sus sesiones abiertas
              terminan y configurará el segundo factor de nuevo en su próximo ingreso. Queda en el registro de auditoría.
            </Text>
            {error && <Alert color="red" role="alert">{error}</Alert>}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setTarget(null)}>Cancelar</Button>
              <Button color="red" loading={busy} onClick={() => void reset()}>Restablecer</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
