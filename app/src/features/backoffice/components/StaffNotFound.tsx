import { useEffect } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { staffPaths } from '../../../config/paths';

export interface StaffNotFoundProps {
  /** The heading. Default: 'Página no encontrada'. */
  title?: string;
  /** The explanation. Default: the address matches no page. */
  text?: string;
}

/** An address of the back office that matches nothing, or a request the staff member may not see. */
export function StaffNotFound({ title = 'Página no encontrada', text = 'La dirección que abrió no corresponde a ninguna página de la oficina.' }: StaffNotFoundProps) {
  useEffect(() => {
    document.title = `${title} | Oficina de la institución`;
  }, [title]);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      <Anchor component={Link} href={staffPaths.staffQueue.href()}>Ir a las solicitudes</Anchor>
    </Stack>
  );
}

/** An administrator's page opened by an officer (the server refuses them the data too: 403). */
export function StaffNotAllowed() {
  return <StaffNotFound title="Acceso no permitido" text="Esta página es solo para los administradores del portal. Su cuenta no tiene acceso a ella." />;
}
