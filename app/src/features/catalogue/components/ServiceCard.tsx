import { Anchor, Badge, Card, Group, Text } from '@mantine/core';
import type { CatalogueService } from '@portal/api-contract';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { CHANNEL_LABELS } from '../filters';

export interface ServiceCardProps {
  /** The service. Required. */
  service: CatalogueService;
}

/** One result of the catalogue: the name links to the service page; institution, area, a short description and the channels. */
export function ServiceCard({ service }: ServiceCardProps) {
  return (
    <Card withBorder padding="md" component="article" h="100%">
      <Anchor component={Link} href={paths.service.href(service.slug)} fw={700} fz="lg">{service.name}</Anchor>
      <Text size="sm" c="dimmed" mt={2}>
        {service.institution ? `${service.institution.acronym} · ${service.institution.name}` : 'Institución no disponible'}
        {service.area ? ` · ${service.area.name}` : ''}
      </Text>
      <Text size="sm" mt="xs" lineClamp={3}>{service.description}</Text>
      <Group gap={6} mt="sm">
        {service.channels.map((channel) => (
          <Badge key={channel} variant="light" color={channel === 'en_linea' ? 'blue' : 'gray'} radius="sm">{CHANNEL_LABELS[channel]}</Badge>
        ))}
      </Group>
    </Card>
  );
}
