import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Loader, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PuntoGobList } from '@portal/api-contract';
import { Link, useSearchParams } from 'wouter';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { PageIntro } from '../../../components/PageIntro';
import { PUNTOS_GOB_INTRO } from '../intros';
import { usePuntoGob, usePuntosGob, useProvinces } from '../api';

type Centre = PuntoGobList['data'][number];

/** The services of one centre, read when the citizen opens the list. */
function CentreServices({ centre }: { centre: Centre }) {
  const [open, setOpen] = useState(false);
  const { data, error, mutate } = usePuntoGob(open ? centre.slug : null);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} style={{ marginTop: '0.5rem' }}>
      <summary style={{ cursor: 'pointer', fontWeight: 600 }}>Servicios que ofrece ({centre.services_count})</summary>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {errorMessage(error) ?? 'No se pudieron cargar los servicios.'}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void mutate()}>Intentar de nuevo</Button>
        </Text>
      ) : !data ? (
        open && <Loader role="progressbar" size="sm" aria-label={`Cargando los servicios de ${centre.name}`} />
      ) : (
        <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
          {data.services.map((service) => (
            <li key={service.id}>
              <Anchor component={Link} href={paths.service.href(service.slug)} size="sm">{service.name}</Anchor>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

const ALL = '';

/**
 * Puntos GOB: the government's service centres, filtered by province (in the
 * address: ?provincia=<id>), each with its address, hours and the services it
 * offers.
 */
export function PuntosGobPage() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('provincia');
  const province = raw && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
  const provinces = useProvinces();
  const centres = usePuntosGob(province);
  const error = centres.error ?? provinces.error;

  return (
    <Stack gap="lg">
      <PageIntro {...PUNTOS_GOB_INTRO} />
      <NativeSelect
        label="Provincia"
        maw={360}
        value={province === null ? ALL : String(province)}
        onChange={(e) => setSearch(e.currentTarget.value === ALL ? new URLSearchParams() : new URLSearchParams({ provincia: e.currentTarget.value }))}
        data={[{ value: ALL, label: 'Todas las provincias' }, ...(provinces.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.puntos_gob_count})` }))]}
      />
      {error ? (
        <Alert color="red" title="No se pudieron cargar los Puntos GOB">
          <Text size="sm">{errorMessage(error) ?? 'Intente de nuevo en unos momentos.'}</Text>
          <Button mt="sm" variant="default" onClick={() => { void centres.mutate(); void provinces.mutate(); }}>Intentar de nuevo</Button>
        </Alert>
      ) : !centres.data ? (
        <Loader role="progressbar" aria-label="Cargando los Puntos GOB" />
      ) : (
        <section aria-labelledby="centros">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h3" id="centros" aria-live="polite">
              {centres.data.total === 1 ? '1 Punto GOB' : `${centres.data.total} Puntos GOB`}
            </Title>
            {centres.isValidating && <Loader role="progressbar" size="sm" aria-label="Actualizando los Puntos GOB" />}
          </Group>
          {centres.data.total === 0 ? (
            <Text>No hay Puntos GOB en esta provincia.</Text>
          ) : (
            <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {centres.data.data.map((centre) => (
                <li key={centre.id}>
                  <Card withBorder padding="md" component="article" h="100%" aria-labelledby={`punto-${centre.id}`}>
                    <Title order={3} size="h4" id={`punto-${centre.id}`}>{centre.name}</Title>
                    <Text size="sm" c="dimmed">{centre.province?.name ?? 'Provincia no disponible'}</Text>
                    <Text size="sm" mt="xs"><strong>Dirección:</strong> {centre.address}</Text>
                    <Text size="sm"><strong>Horario:</strong> {centre.hours}</Text>
                    <CentreServices centre={centre} />
                  </Card>
                </li>
              ))}
            </SimpleGrid>
          )}
        </section>
      )}
    </Stack>
  );
}
