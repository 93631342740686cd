import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import type { ModalContentProps } from '../modalContent';

/** `data` of UNDER_CONSTRUCTION_MODAL: what the citizen tried to use, to name it. */
export interface UnderConstructionData {
  /** e.g. "El pago en línea". */
  feature?: string;
}

/** UNDER_CONSTRUCTION_MODAL: a part of the portal that is not available yet, and where to go meanwhile. */
export default function UnderConstructionContent({ data, close }: ModalContentProps) {
  const feature = (data as UnderConstructionData | undefined)?.feature;
  return (
    <Stack>
      <Text>
        {feature ? `${feature} todavía está en construcción.` : 'Esta sección del portal todavía está en construcción.'} Estamos trabajando para ponerla a su
        disposición muy pronto.
      </Text>
      <Text>Mientras tanto, puede seguir con sus solicitudes desde el inicio o consultar los servicios disponibles.</Text>
      <Group justify="space-between">
        <Anchor component={Link} href={paths.home.href()}>Volver al inicio</Anchor>
        <Button onClick={close}>Entendido</Button>
      </Group>
    </Stack>
  );
}
