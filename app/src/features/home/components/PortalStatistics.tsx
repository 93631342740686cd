import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PortalStatistics as Statistics } from '@portal/api-contract';
import { api } from '../../../lib/api-client';
import { useBelowTheFold } from '../api/useBelowTheFold';

/** SWR key (and path) of the home page's figures (public, GET /v2/portal/dashboard/statistics). */
export const STATISTICS_KEY = 'v2/portal/dashboard/statistics';

const getStatistics = async (): Promise<Statistics['data']> => (await api.get<Statistics>(STATISTICS_KEY)).data;

/**
 * "El portal en cifras": services, institutions, online services, the
 * requests received this month and, once citizens have rated finished
 * requests, their average satisfaction, counted by the server. Below the fold and
 * never in the way of the first paint: asked for once the page has loaded
 * and the browser is idle; nothing is drawn until the figures arrive, and
 * nothing at all when they cannot be read.
 */
export function PortalStatistics() {
  const data = useBelowTheFold(STATISTICS_KEY, getStatistics);
  if (!data) return null;
  const count = (n: number) => n.toLocaleString('es-DO');
  const figures: [string, string][] = [
    [count(data.services), 'servicios'],
    [count(data.institutions), 'instituciones'],
    [count(data.online_services), 'servicios en línea'],
    [count(data.requests_this_month), 'solicitudes este mes'],
  ];
  // The citizens' ratings of their finished requests, once there are some.
  if (data.average_rating !== null && data.ratings > 0) {
    figures.push([`${data.average_rating.toLocaleString('es-DO', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} de 5`, `satisfacción (${count(data.ratings)} ${data.ratings === 1 ? 'calificación' : 'calificaciones'})`]);
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="cifras">
      <Title order={2} id="cifras">El portal en cifras</Title>
      <SimpleGrid component="ul" cols={{ base: 2, sm: figures.length }} spacing="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {figures.map(([value, label]) => (
          <li key={label}>
            <Text fz={28} fw={800} lh={1.1} c="blue.9">{value}</Text>
            <Text size="sm">{label}</Text>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
