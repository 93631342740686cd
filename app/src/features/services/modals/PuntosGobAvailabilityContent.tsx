import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { CatalogueServiceDetail } from '@portal/api-contract';
import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import type { ModalContentProps } from '../../../modals/modalContent';

/** `data` of PUNTOSGOB_AVAILABILITY: the service and the centres that offer it (from the service page's answer). */
export interface PuntosGobAvailabilityData {
  service?: string;
  puntosGob?: CatalogueServiceDetail['puntos_gob'];
}

/**
 * PUNTOSGOB_AVAILABILITY: the Puntos GOB where a service can be done in
 * person, grouped by province, each with its address and hours.
 */
export default function PuntosGobAvailabilityContent({ data, close }: ModalContentProps) {
  const { service, puntosGob = [] } = (data ?? {}) as PuntosGobAvailabilityData;
  const byProvince = new Map<string, typeof puntosGob>();
  for (const centre of puntosGob) {
    const province = centre.province?.name ?? 'Otras provincias';
    byProvince.set(province, [...(byProvince.get(province) ?? []), centre]);
  }
  const provinces = [...byProvince.keys()].sort((a, b) => a.localeCompare(b, 'es'));
  return (
    <Stack gap="md">
      {puntosGob.length === 0 ? (
        <Text>{service ? `«${service}» no se ofrece` : 'Este servicio no se ofrece'} por ahora en ningún Punto GOB.</Text>
      ) : (
        <Text>
          {service ? <>Puede hacer «{service}» en persona</> : 'Puede hacer este servicio en persona'} en {puntosGob.length === 1 ? 'este Punto GOB' : `estos ${puntosGob.length} Puntos GOB`}:
        </Text>
      )}
      {provinces.map((province) => (
        <section key={province} aria-label={province}>
          <Title order={3} size="h5">{province}</Title>
          <ul style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
            {(byProvince.get(province) ?? []).map((centre) => (
              <li key={centre.id} style={{ marginBottom: '0.5rem' }}>
                <Text fw={600} size="sm">{centre.name}</Text>
                <Text size="sm">{centre.address}</Text>
                <Text size="sm" c="dimmed">Horario: {centre.hours}</Text>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Anchor component={Link} href={paths.puntosGob.href()} onClick={close}>Ver todos los Puntos GOB</Anchor>
    </Stack>
  );
}
