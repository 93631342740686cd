import { Alert, Anchor, Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CatalogueService } from '@portal/api-contract';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/apiError';
import { PageIntro } from '../../../components/PageIntro';
import { INSTITUTIONS_INTRO } from '../intros';
import { useAllServices, useInstitutions } from '../api';

const hostOf = (site: string) => {
  try {
    return new URL(site).hostname.replace(/^www\./, '');
  } catch {
    return site;
  }
};

/**
 * Instituciones: every institution of the catalogue with its acronym, its
 * official site and links to its services (the services come from the
 * classified list, grouped here by institution).
 */
export function InstitutionsPage() {
  const institutions = useInstitutions();
  const services = useAllServices();
  const error = institutions.error ?? services.error;

  const byInstitution = new Map<number, CatalogueService[]>();
  for (const group of services.data?.data ?? []) {
    for (const service of group.services) {
      if (!service.institution) continue;
      const list = byInstitution.get(service.institution.id) ?? [];
      list.push(service);
      byInstitution.set(service.institution.id, list);
    }
  }

  return (
    <Stack gap="lg">
      <PageIntro {...INSTITUTIONS_INTRO} />
      {error ? (
        <Alert color="red" title="No se pudieron cargar las instituciones">
          <Text size="sm">{errorMessage(error) ?? 'Intente de nuevo en unos momentos.'}</Text>
          <Button mt="sm" variant="default" onClick={() => { void institutions.mutate(); void services.mutate(); }}>Intentar de nuevo</Button>
        </Alert>
      ) : !institutions.data || !services.data ? (
        <Loader role="progressbar" aria-label="Cargando las instituciones" />
      ) : (
        <>
          <Text fw={600}>{institutions.data.length} instituciones</Text>
          <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="md" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {institutions.data.map((institution) => {
              const list = (byInstitution.get(institution.id) ?? []).sort((a, b) => a.name.localeCompare(b.name, 'es'));
              return (
                <li key={institution.id}>
                  <Card withBorder padding="md" component="article" h="100%" aria-labelledby={`institucion-${institution.id}`}>
                    <Title order={2} size="h4" id={`institucion-${institution.id}`}>
                      {institution.name} ({institution.acronym})
                    </Title>
                    <Anchor href={institution.site} rel="noopener" size="sm">
                      Sitio oficial: {hostOf(institution.site)}
                    </Anchor>
                    <Text size="sm" mt="xs" c="dimmed">{list.length === 1 ? '1 servicio' : `${list.length} servicios`}</Text>
                    {list.length > 0 && (
                      <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
                        {list.map((service) => (
                          <li key={service.id}>
                            <Anchor component={Link} href={paths.service.href(service.slug)} size="sm">{service.name}</Anchor>
                          </li>
                        ))}
                      </ul>
                    )}
                  </Card>
                </li>
              );
            })}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
