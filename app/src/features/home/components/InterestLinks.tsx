import { Anchor, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { InterestLink } from '@portal/api-contract';
import { api } from '../../../lib/api-client';
import { useBelowTheFold } from '../api/useBelowTheFold';

/** SWR key (and path) of the links of interest (public, GET /v1/portals/links/interests). */
export const INTEREST_LINKS_KEY = 'portals/links/interests';

const getInterestLinks = async (): Promise<InterestLink[]> => (await api.get<{ data: InterestLink[] }>(INTEREST_LINKS_KEY)).data;

/**
 * "Enlaces de interés": the official sites of the institutions, as the server
 * lists them (the portal team's reference table), at the bottom of Inicio.
 * Below the fold and never in the way of the first paint: the list is asked
 * for once the browser is idle after it, nothing is drawn until it arrives,
 * and nothing at all when it cannot be read (the rest of the page does not
 * depend on it). Only Mantine parts Inicio already uses: nothing heavy added
 * to the first bundle.
 */
export function InterestLinks() {
  const data = useBelowTheFold(INTEREST_LINKS_KEY, getInterestLinks);
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="enlaces-interes">
      <Title order={2} id="enlaces-interes">Enlaces de interés</Title>
      <Text size="sm">Sitios oficiales de las instituciones del Estado dominicano.</Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.map((link) => (
          <li key={link.id}>
            <Anchor href={link.url} rel="noopener" fw={700}>{link.titulo}</Anchor>
            <Text size="sm" mt={2}>{link.descripcion}</Text>
            <Text size="xs" c="dimmed" mt={2}>{new URL(link.url).hostname.replace(/^www\./, '')}</Text>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
