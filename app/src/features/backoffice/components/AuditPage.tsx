/**
 * «Registro de auditoría» (administrators only; StaffArea shows an officer the
 * not-allowed page and the server answers them 403): what staff did, newest
 * first, filtered by institution, staff member, action and days, in pages.
 * The filters live in the address (?institucion=…&personal=…&accion=…&desde=…
 * &hasta=…&pagina=…), so a reload or a shared link keeps them.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Loader, NativeSelect, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useLocation, useSearch } from 'wouter';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditActionLabel, type AuditAction, type StaffAuditRow, type StaffAuditStaffMember } from '@portal/api-contract';
import { staffPaths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/apiError';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditQuery } from '../api/backoffice';
import { auditDetailParts } from './auditDetail';
import { when } from './format';
import { StaffNotAllowed } from './StaffNotFound';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** What an administrator's row says in the «Institución» column. */
const ADMINISTRATION = 'Administración';

/** The filters of the address; what is not valid there is left out (a hand-edited link still opens the page). */
export function readAuditQuery(search: string): AuditQuery {
  const params = new URLSearchParams(search);
  const institution = params.get('institucion');
  const staff = params.get('personal');
  const action = params.get('accion');
  const from = params.get('desde');
  const to = params.get('hasta');
  const page = params.get('pagina');
  return {
    institution: institution && /^[A-Z]{2,20}$/.test(institution) ? institution : null,
    staffId: staff && /^[1-9]\d{0,8}$/.test(staff) ? Number(staff) : null,
    action: action && (AUDIT_ACTIONS as string[]).includes(action) ? (action as AuditAction) : null,
    from: from && DAY.test(from) ? from : null,
    to: to && DAY.test(to) ? to : null,
    page: page && /^[1-9]\d{0,4}$/.test(page) ? Number(page) : 1,
  };
}

/** The address of the page with these filters. */
export function auditHref(query: AuditQuery): string {
  const params = new URLSearchParams();
  if (query.institution) params.set('institucion', query.institution);
  if (query.staffId) params.set('personal', String(query.staffId));
  if (query.action) params.set('accion', query.action);
  if (query.from) params.set('desde', query.from);
  if (query.to) params.set('hasta', query.to);
  if (query.page > 1) params.set('pagina', String(query.page));
  const search = params.toString();
  return search ? `${staffPaths.staffAudit.href()}?${search}` : staffPaths.staffAudit.href();
}

const staffLabel = (s: StaffAuditStaffMember) => `${s.name} (${s.institution ?? ADMINISTRATION})`;

/** The request (or claim) the row is about, as a link to it. */
function Subject({ row }: { row: StaffAuditRow }) {
  if (row.application_id !== null) {
    return (
      <Anchor component={Link} href={staffPaths.staffRequest.href(row.application_id)}>
        {row.request_code ?? `Solicitud n.º ${row.application_id}`}
      </Anchor>
    );
  }
  if (row.claim_id !== null) return <Anchor component={Link} href={staffPaths.staffClaim.href(row.claim_id)}>Reclamo n.º {row.claim_id}</Anchor>;
  return <Text span c="dimmed" size="sm">—</Text>;
}

function Details({ row }: { row: StaffAuditRow }) {
  const parts = auditDetailParts(row);
  if (parts.length === 0) return <Text span c="dimmed" size="sm">—</Text>;
  return (
    <Stack gap={2}>
      {parts.map((part) => <Text key={part} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{part}</Text>)}
    </Stack>
  );
}

export function AuditPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = readAuditQuery(search);
  // The days as typed: the address only gets them once «desde» is not after «hasta».
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  useEffect(() => {
    setFrom(query.from ?? '');
    setTo(query.to ?? '');
  }, [query.from, query.to]);
  const daysError = from !== '' && to !== '' && from > to ? 'La fecha «desde» es posterior a la fecha «hasta»' : null;
  const log = useAuditLog(query);
  // The previous filters' page while the next one loads (the filters' lists stay); with an error, only the error and its retry show.
  const data = log.data;

  /** New filters: back to the first page (the address is replaced: the Back button leaves the page, not each filter). */
  const filter = (change: Partial<AuditQuery>) => navigate(auditHref({ ...query, ...change, page: 1 }), { replace: true });
  const toPage = (page: number) => navigate(auditHref({ ...query, page }));
  const changeDay = (which: 'from' | 'to', value: string) => {
    const next = { from, to, [which]: value };
    if (which === 'from') setFrom(value);
    else setTo(value);
    if (value !== '' && !DAY.test(value)) return;
    if (next.from !== '' && next.to !== '' && next.from > next.to) return;
    filter({ from: next.from || null, to: next.to || null });
  };
  const filtered = query.institution !== null || query.staffId !== null || query.action !== null || query.from !== null || query.to !== null;

  if (log.error instanceof ApiError && log.error.status === 403) return <StaffNotAllowed />;

  const staff = data?.staff ?? [];
  // A staff member named by the address but not in the list yet (still loading) keeps their option.
  const staffOptions = [
    { value: '', label: 'Todo el personal' },
    ...staff.map((s) => ({ value: String(s.id), label: staffLabel(s) })),
    ...(query.staffId !== null && !staff.some((s) => s.id === query.staffId) ? [{ value: String(query.staffId), label: `Personal n.º ${query.staffId}` }] : []),
  ];
  const institutions = data?.institutions ?? [];
  const institutionOptions = [
    { value: '', label: 'Todas las instituciones' },
    ...institutions.map((i) => ({ value: i, label: i })),
    ...(query.institution !== null && !institutions.includes(query.institution) ? [{ value: query.institution, label: query.institution }] : []),
  ];
  const pages = data ? Math.max(1, Math.ceil(data.meta.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Registro de auditoría</Title>
        <Text c="dimmed" size="sm">Lo que hizo el personal de todas las instituciones, lo más reciente primero. El registro no se modifica ni se borra.</Text>
      </div>

      <form role="search" aria-label="Filtrar el registro" onSubmit={(e) => e.preventDefault()} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label="Institución"
            value={query.institution ?? ''}
            onChange={(e) => filter({ institution: e.currentTarget.value || null })}
            data={institutionOptions}
            w={{ base: '100%', sm: 230 }}
          />
          <NativeSelect
            label="Personal"
            value={query.staffId === null ? '' : String(query.staffId)}
            onChange={(e) => filter({ staffId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            data={staffOptions}
            w={{ base: '100%', sm: 280 }}
          />
          <NativeSelect
            label="Acción"
            value={query.action ?? ''}
            onChange={(e) => filter({ action: (e.currentTarget.value || null) as AuditAction | null })}
            data={[{ value: '', label: 'Todas las acciones' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))]}
            w={{ base: '100%', sm: 280 }}
          />
          <TextInput type="date" label="Desde" value={from} onChange={(e) => changeDay('from', e.currentTarget.value)} w={{ base: '100%', xs: 170 }} max={to || undefined} />
          <TextInput type="date" label="Hasta" value={to} onChange={(e) => changeDay('to', e.currentTarget.value)} w={{ base: '100%', xs: 170 }} min={from || undefined} error={daysError} />
        </Group>
        {filtered && (
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => navigate(staffPaths.staffAudit.href(), { replace: true })}>
            Quitar los filtros
          </Button>
        )}
      </form>

      {log.error && (
        <Alert color="red" role="alert" title="No se pudo leer el registro">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(log.error, 'Revise su conexión e intente de nuevo.')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void log.mutate()} loading={log.isValidating}>Reintentar</Button>
          </Stack>
        </Alert>
      )}
      {!data && !log.error && <Loader role="progressbar" aria-label="Cargando el registro de auditoría" />}
      {data && !log.error && data.data.length === 0 && <Text>No hay registros con estos filtros</Text>}
      {data && !log.error && data.data.length > 0 && (
        <>
          <Text size="sm" aria-live="polite">
            {data.meta.total === 1 ? '1 registro' : `${data.meta.total} registros`} · página {query.page} de {pages}
            {log.isValidating ? ' · actualizando…' : ''}
          </Text>
          {/* The table keeps its columns on a phone and scrolls sideways inside this box, which the keyboard reaches too. */}
          <Box role="region" aria-label="Tabla del registro de auditoría (se desplaza a los lados)" tabIndex={0} style={{ overflowX: 'auto' }} aria-busy={log.isValidating}>
            <Table striped highlightOnHover miw={920} aria-label="Registro de auditoría" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Fecha y hora</Table.Th>
                  <Table.Th scope="col">Personal</Table.Th>
                  <Table.Th scope="col">Institución</Table.Th>
                  <Table.Th scope="col">Acción</Table.Th>
                  <Table.Th scope="col">Solicitud</Table.Th>
                  <Table.Th scope="col">Detalles</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.created_at)}</Table.Td>
                    <Table.Td>{row.staff_name}</Table.Td>
                    <Table.Td>{row.staff_institution ?? ADMINISTRATION}</Table.Td>
                    <Table.Td>{auditActionLabel(row.action)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}><Subject row={row} /></Table.Td>
                    <Table.Td maw={320}><Details row={row} /></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </>
      )}
      {data && !log.error && pages > 1 && (
        <Box component="nav" aria-label="Páginas del registro">
          <Pagination
            total={pages}
            value={Math.min(query.page, pages)}
            onChange={toPage}
            size="sm"
            gap={6}
            siblings={1}
            boundaries={1}
            getItemProps={(page) => ({ 'aria-label': `Página ${page}`, 'aria-current': page === query.page ? 'page' : undefined })}
            getControlProps={(control) => ({ 'aria-label': { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' }[control] })}
          />
        </Box>
      )}
    </Stack>
  );
}
