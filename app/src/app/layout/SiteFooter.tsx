import type { ReactNode } from 'react';
import { Container, Group, Text } from '@mantine/core';
import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { openModal } from '../../modals/modalStore';

export interface SiteFooterProps {
  /** Extra items at the end of the help links (a mount point for other parts of the shell). */
  extra?: ReactNode;
}

/**
 * The footer: the accessibility statement, privacy, terms and contact pages,
 * "Sugerir un servicio" (SERVICE_RECOMENDED) and "Reportar un problema"
 * (ERROR_REPORT) from the modal registry, then the institution and year.
 */
export function SiteFooter({ extra }: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <Container size={1200} px="md" py="xl">
        <nav aria-label="Información del portal">
          <ul className="footer-links">
            <li><Link href={paths.accessibility.href()}>Declaración de accesibilidad</Link></li>
            <li><Link href={paths.privacy.href()}>Privacidad</Link></li>
            <li><Link href={paths.terms.href()}>Términos de uso</Link></li>
            <li><Link href={paths.contact.href()}>Contacto</Link></li>
            <li><button type="button" onClick={() => openModal('SERVICE_RECOMENDED')}>Sugerir un servicio</button></li>
            <li><button type="button" onClick={() => openModal('ERROR_REPORT')}>Reportar un problema</button></li>
            {extra}
          </ul>
        </nav>
        <Group justify="space-between" mt="lg" gap="xs">
          <Text size="sm">Gobierno de la República Dominicana · Servicios del Estado y formalización de empresas en línea</Text>
          <Text size="sm">© {new Date().getFullYear()} Portal Ciudadano</Text>
        </Group>
      </Container>
    </footer>
  );
}
