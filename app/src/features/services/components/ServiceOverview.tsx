/**
 * The top of a service's page: the way back and the service's name (its h1), the area and institution,
 * and the description (on a phone, the page's largest text). Drawn by the page and by its frame
 * (ServiceFrame), which shows them from the service (asked for with the first bundle,
 * AppRoutes.preloadPage) while the page's code is on its way; the page then takes the frame's place
 * without anything moving.
 */
import { Anchor, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { paths } from '../../../config/paths';
import { DrawnBeforeCode } from '../../../components/DrawnBeforeCode';
import { useService, type CatalogueServiceDetail } from '../api';

/** What the loader says while the service (or the page's code) is on its way. */
export const SERVICE_LOADING = 'Cargando el servicio';

/** True when the service can be requested online in the portal. */
export const appliesOnline = (service: CatalogueServiceDetail) => service.channels.includes('en_linea') && (service.apply_path !== null || service.online_form !== null);

/** The way back and the page's h1. */
export function ServiceHeading({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <Anchor component={Link} href={paths.services.href()} size="sm">← Volver a los servicios</Anchor>
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** The area, the institution and the description, under the h1. */
export function ServiceOverview({ service }: { service: CatalogueServiceDetail }) {
  return (
    <>
      <Stack gap={4}>
        <Group gap="xs">
          {service.area && <Badge variant="light" radius="sm">{service.area.name}</Badge>}
          {appliesOnline(service) && <Badge variant="filled" radius="sm">En línea</Badge>}
        </Group>
        {service.institution ? (
          <Text>
            {service.institution.name} ({service.institution.acronym}) ·{' '}
            <Anchor href={service.institution.site} rel="noopener">Sitio oficial de {service.institution.acronym}</Anchor>
          </Text>
        ) : (
          <Text c="dimmed">Institución no disponible</Text>
        )}
      </Stack>
      <Text size="lg">{service.description}</Text>
    </>
  );
}

/** The service's page before its code has arrived: its top once the service is there, a loader below. */
export function ServiceFrame() {
  const { slug } = useParams<{ slug: string }>();
  const { data: service } = useService(slug);
  return (
    <Stack gap="lg">
      <ServiceHeading title={service?.name ?? 'Servicio'} />
      {service ? (
        <DrawnBeforeCode loading={SERVICE_LOADING}>
          <ServiceOverview service={service} />
        </DrawnBeforeCode>
      ) : (
        <Loader role="progressbar" aria-label={SERVICE_LOADING} />
      )}
    </Stack>
  );
}
