import { useEffect } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocation, useSearch } from 'wouter';
import { ClaimStatusBadge } from '../../../components/ClaimStatusBadge';
import { errorMessage } from '../../../lib/apiError';
import { openModal } from '../../../modals/modalStore';
import { useMyClaims, type Claim } from '../api';
import { CLAIMS_LOADING, ClaimsIntro } from './ClaimsIntro';
import { formatWhen } from '../../../lib/dates';

const unreadText = (n: number) => (n === 1 ? '1 respuesta nueva' : `${n} respuestas nuevas`);

function ClaimCard({ claim }: { claim: Claim }) {
  const name = `Reclamo n.º ${claim.id}: ${claim.issue.name}`;
  return (
    <Card component="li" withBorder>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={2} size="h4">{name}</Title>
          <Text size="sm">
            {claim.subject.kind === 'solicitud' ? `Solicitud ${claim.subject.label}` : `Servicio: ${claim.subject.label}`} · {claim.institution_name}
          </Text>
          <Text size="sm" c="dimmed">
            Presentado el <time dateTime={claim.created_at}>{formatWhen(claim.created_at)}</time>
            {claim.updated_at !== claim.created_at && <> · Actualizado el <time dateTime={claim.updated_at}>{formatWhen(claim.updated_at)}</time></>}
          </Text>
        </div>
        <Group gap="xs">
          <ClaimStatusBadge status={claim.status} />
          {claim.unread_comments > 0 && <Badge color="red" variant="filled">{unreadText(claim.unread_comments)}</Badge>}
          <Button variant="light" onClick={() => openModal('SERVICE_CLAIM_DETAILS', { data: { claim_id: claim.id } })}>
            Ver<VisuallyHidden> {name}</VisuallyHidden>
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/**
 * /mis-reclamos: the citizen's claims (type, subject, status, dates, unread
 * answers), newest first. "Presentar un reclamo" opens SERVICE_CLAIMS; each
 * claim opens SERVICE_CLAIM_DETAILS with its thread, as does the link of an
 * answer's notification (?reclamo=ID).
 */
export function MyClaimsPage() {
  const { data, error } = useMyClaims();
  // A notification's link (/mis-reclamos?reclamo=ID) opens that claim's thread, once: the address drops the query.
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const id = new URLSearchParams(search).get('reclamo');
    if (id === null) return;
    navigate(location, { replace: true });
    if (/^[1-9]\d{0,8}$/.test(id)) openModal('SERVICE_CLAIM_DETAILS', { data: { claim_id: Number(id) } });
  }, [search, location, navigate]);
  const failure = error ? errorMessage(error) : null;
  return (
    <Stack gap="lg">
      <ClaimsIntro onNewClaim={() => openModal('SERVICE_CLAIMS')} />
      {error && failure && <Alert color="red" role="alert" title="No se pudieron cargar sus reclamos">{failure}</Alert>}
      {!data && !error && <Loader role="progressbar" aria-label={CLAIMS_LOADING} />}
      {data && data.length === 0 && <Text c="dimmed">Todavía no ha presentado reclamos.</Text>}
      {data && data.length > 0 && (
        <Stack component="ul" gap="sm" aria-label="Sus reclamos" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.map((claim) => <ClaimCard key={claim.id} claim={claim} />)}
        </Stack>
      )}
    </Stack>
  );
}
