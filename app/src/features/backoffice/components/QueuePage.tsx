import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Badge, Button, Card, Chip, Group, Loader, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'wouter';
import { REQUEST_STATUS_LABELS, type RequestStatus, type StaffQueueRow } from '@portal/api-contract';
import { RequestStatusBadge } from '../../../components/RequestStatusBadge';
import { staffPaths } from '../../../config/paths';
import { QUEUE_PAGE_SIZE, useQueue, useStaffMe } from '../api/backoffice';
import { day } from './format';
import { Pager } from './Pager';

const ALL = 'todas';

function Markers({ row }: { row: StaffQueueRow }) {
  return (
    <>
      {row.action_required && <Badge color="orange" variant="outline">Acción requerida</Badge>}
      {row.unread_comments > 0 && <Badge color="grape" variant="light">{row.unread_comments === 1 ? '1 comentario sin leer' : `${row.unread_comments} comentarios sin leer`}</Badge>}
    </>
  );
}

/** The queue of the staff member's institution (every institution for an administrator), oldest first. */
export function QueuePage() {
  const me = useStaffMe().data;
  const [status, setStatus] = useState<string>(ALL);
  const [form, setForm] = useState('');
  const [codeInput, setCodeInput] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const queue = useQueue({ status: status === ALL ? null : (status as RequestStatus), form: form || null, code: code || null, page });
  const data = queue.data;
  const total = data?.counts.reduce((s, c) => s + c.count, 0) ?? 0;

  const search = (e: FormEvent) => {
    e.preventDefault();
    const value = codeInput.trim();
    if (value !== '' && !/^[A-Za-z0-9-]{1,30}$/.test(value)) {
      setCodeError('Escriba el código o parte de él: letras, números y guiones');
      return;
    }
    setCodeError(null);
    setCode(value);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Solicitudes</Title>
        <Text c="dimmed" size="sm">
          {me?.role === 'administrador' ? 'Todas las instituciones' : `Institución: ${me?.institution ?? ''}`} · la más antigua primero
        </Text>
      </div>

      <Stack gap="sm">
        <Chip.Group value={status} onChange={(v) => { setStatus(v); setPage(1); }}>
          <Group gap="xs" role="radiogroup" aria-label="Filtrar por estado">
            <Chip value={ALL} variant="outline">Todas ({total})</Chip>
            {data?.counts.map((c) => (
              <Chip key={c.status} value={c.status} variant="outline">
                {REQUEST_STATUS_LABELS[c.status]} ({c.count})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Servicio"
            value={form}
            onChange={(e) => { setForm(e.currentTarget.value); setPage(1); }}
            data={[{ value: '', label: 'Todos los servicios' }, ...(data?.services ?? []).map((s) => ({ value: s.form, label: s.name }))]}
            w={{ base: '100%', sm: 320 }}
          />
          <form role="search" aria-label="Buscar por código" onSubmit={search} noValidate style={{ flex: '1 1 260px' }}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput label="Código de la solicitud" placeholder="SOL-2026-000123" value={codeInput} onChange={(e) => setCodeInput(e.currentTarget.value)} error={codeError} style={{ flex: 1 }} />
              <Button type="submit" variant="default">Buscar</Button>
            </Group>
          </form>
        </Group>
      </Stack>

      {queue.error && <Alert color="red" role="alert">{queue.error instanceof Error ? queue.error.message : 'No se pudo leer la cola.'}</Alert>}
      {!data && !queue.error && <Loader role="progressbar" aria-label="Cargando solicitudes" />}
      {data && data.data.length === 0 && <Text>No hay solicitudes con estos filtros.</Text>}
      {data && data.data.length > 0 && (
        <>
          <Table visibleFrom="sm" striped highlightOnHover aria-label="Solicitudes de la cola">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Código</Table.Th>
                <Table.Th scope="col">Servicio</Table.Th>
                <Table.Th scope="col">Ciudadano</Table.Th>
                <Table.Th scope="col">Estado</Table.Th>
                <Table.Th scope="col">Recibida</Table.Th>
                <Table.Th scope="col">Actualizada</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td><Anchor component={Link} href={staffPaths.staffRequest.href(row.id)} fw={600}>{row.code}</Anchor></Table.Td>
                  <Table.Td>{row.service}{me?.role === 'administrador' && row.institution ? ` (${row.institution})` : ''}</Table.Td>
                  <Table.Td>{row.citizen_name}</Table.Td>
                  <Table.Td><Group gap={4}><RequestStatusBadge status={row.status} /><Markers row={row} /></Group></Table.Td>
                  <Table.Td>{day(row.submitted_at)}</Table.Td>
                  <Table.Td>{day(row.updated_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack hiddenFrom="sm" gap="sm" component="ul" aria-label="Solicitudes de la cola" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.data.map((row) => (
              <Card key={row.id} withBorder component="li" padding="sm">
                <Stack gap={4}>
                  <Anchor component={Link} href={staffPaths.staffRequest.href(row.id)} fw={600}>{row.code}</Anchor>
                  <Text size="sm">{row.service}</Text>
                  <Text size="sm">{row.citizen_name}</Text>
                  <Group gap={4}><RequestStatusBadge status={row.status} /><Markers row={row} /></Group>
                  <Text size="xs" c="dimmed">Recibida el {day(row.submitted_at)} · actualizada el {day(row.updated_at)}</Text>
                </Stack>
              </Card>
            ))}
          </Stack>
          <Pager page={page} perPage={QUEUE_PAGE_SIZE} total={data.meta.total} onPage={setPage} what="solicitudes" />
        </>
      )}
    </Stack>
  );
}
