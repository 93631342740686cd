import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Chip, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { CLAIM_STATUS_LABELS, CLAIM_STATUSES, type ClaimStatus, type StaffClaim } from '@portal/api-contract';
import { ClaimStatusBadge } from '../../../components/ClaimStatusBadge';
import { staffPaths } from '../../../config/paths';
import { useStaffMe } from '../api/backoffice';
import { day } from '../components/format';
import { useStaffClaims } from './api';

const ALL = 'todos';

const subjectOf = (claim: StaffClaim) => (claim.subject.kind === 'solicitud' ? `Solicitud ${claim.subject.label}` : `Servicio: ${claim.subject.label}`);

function Unread({ claim }: { claim: StaffClaim }) {
  if (claim.unread_comments === 0) return null;
  return <Badge color="grape" variant="light">{claim.unread_comments === 1 ? '1 comentario sin leer' : `${claim.unread_comments} comentarios sin leer`}</Badge>;
}

/** Quejas y reclamaciones: the institution's claims (an administrator's: all), open ones first, the oldest first; a filter by status. */
export function StaffClaimsPage() {
  const me = useStaffMe().data;
  const [status, setStatus] = useState<string>(ALL);
  const claims = useStaffClaims(status === ALL ? null : (status as ClaimStatus));
  const data = claims.data;
  const total = data ? CLAIM_STATUSES.reduce((sum, s) => sum + data.counts[s], 0) : 0;
  const link = (claim: StaffClaim) => (
    <Anchor component={Link} href={staffPaths.staffClaim.href(claim.id)} fw={600}>
      Reclamo n.º {claim.id}
    </Anchor>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Quejas y reclamaciones</Title>
        <Text c="dimmed" size="sm">
          {me?.role === 'administrador' ? 'Todas las instituciones' : `Institución: ${me?.institution ?? ''}`} · abiertos primero, el más antiguo primero
        </Text>
      </div>
      <Chip.Group value={status} onChange={setStatus}>
        <Group gap="xs" role="radiogroup" aria-label="Filtrar por estado">
          <Chip value={ALL} variant="outline">Todos ({total})</Chip>
          {CLAIM_STATUSES.map((s) => (
            <Chip key={s} value={s} variant="outline">{CLAIM_STATUS_LABELS[s]} ({data?.counts[s] ?? 0})</Chip>
          ))}
        </Group>
      </Chip.Group>

      {claims.error && <Alert color="red" role="alert">{claims.error instanceof Error ? claims.error.message : 'No se pudieron leer los reclamos.'}</Alert>}
      {!data && !claims.error && <Loader role="progressbar" aria-label="Cargando reclamos" />}
      {data && data.data.length === 0 && <Text>No hay reclamos con este filtro.</Text>}
      {data && data.data.length > 0 && (
        <>
          <Table visibleFrom="sm" striped highlightOnHover aria-label="Reclamos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Reclamo</Table.Th>
                <Table.Th scope="col">Tipo</Table.Th>
                <Table.Th scope="col">Sobre</Table.Th>
                <Table.Th scope="col">Ciudadano</Table.Th>
                <Table.Th scope="col">Estado</Table.Th>
                <Table.Th scope="col">Presentado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((claim) => (
                <Table.Tr key={claim.id}>
                  <Table.Td>{link(claim)}</Table.Td>
                  <Table.Td>{claim.issue.name}</Table.Td>
                  <Table.Td>{subjectOf(claim)}{me?.role === 'administrador' ? ` (${claim.institution})` : ''}</Table.Td>
                  <Table.Td>{claim.citizen_name}</Table.Td>
                  <Table.Td><Group gap={4}><ClaimStatusBadge status={claim.status} /><Unread claim={claim} /></Group></Table.Td>
                  <Table.Td>{day(claim.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack hiddenFrom="sm" gap="sm" component="ul" aria-label="Reclamos" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.data.map((claim) => (
              <Card key={claim.id} withBorder component="li" padding="sm">
                <Stack gap={4}>
                  {link(claim)}
                  <Text size="sm">{claim.issue.name}</Text>
                  <Text size="sm">{subjectOf(claim)}</Text>
                  <Text size="sm">{claim.citizen_name}</Text>
                  <Group gap={4}><ClaimStatusBadge status={claim.status} /><Unread claim={claim} /></Group>
                  <Text size="xs" c="dimmed">Presentado el {day(claim.created_at)}</Text>
                </Stack>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
