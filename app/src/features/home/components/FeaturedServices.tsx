import { Anchor, Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';

/** Well-known services of the catalogue (its seed, db/reference/catalogo/servicios.json); each opens its service page. */
export const WELL_KNOWN: readonly { slug: string; name: string; institution: string }[] = [
  { slug: 'registro-de-nombre-comercial', name: 'Registro de nombre comercial', institution: 'ONAPI' },
  { slug: 'certificado-de-no-antecedentes-penales', name: 'Certificado de no antecedentes penales', institution: 'Procuraduría General de la República' },
  { slug: 'acta-de-nacimiento', name: 'Certificación de acta de nacimiento', institution: 'Junta Central Electoral' },
  { slug: 'pasaporte-primera-vez', name: 'Pasaporte por primera vez', institution: 'Dirección General de Pasaportes' },
];

export interface FeaturedServicesProps {
  /** Where the formalization service starts (the login for a visitor, the new request for a citizen). Required. */
  formalizationHref: string;
  /** Called on a plain click of the formalization link instead of following it (a visitor: SERVICE_APPLY). Default: the link is followed. */
  onFormalizationStart?: () => void;
}

/** "Servicios destacados": the formalization service first, then a few well-known services. */
export function FeaturedServices({ formalizationHref, onFormalizationStart }: FeaturedServicesProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="destacados">
      <Title order={2} id="destacados">Servicios destacados</Title>
      <Card withBorder padding="lg" className="featured-service">
        <Badge variant="light" mb="xs">En línea</Badge>
        <Anchor
          component={Link}
          href={formalizationHref}
          fw={700}
          fz="lg"
          onClick={(e: MouseEvent) => {
            if (!onFormalizationStart || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
            e.preventDefault();
            onFormalizationStart();
          }}
        >Formalización de empresas (SRL, EIRL, persona física)</Anchor>
        <Text size="sm" mt={4}>Registre su empresa ante la Cámara de Comercio y Producción de Santo Domingo sin ir a una oficina. Puede guardar y continuar cuando quiera.</Text>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {WELL_KNOWN.map((s) => (
          <Card key={s.name} withBorder padding="md">
            <Anchor component={Link} href={paths.service.href(s.slug)} fw={600}>{s.name}</Anchor>
            <Text size="sm" c="dimmed">{s.institution}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} href={paths.services.href()}>Ver todos los servicios</Anchor>
    </Stack>
  );
}
