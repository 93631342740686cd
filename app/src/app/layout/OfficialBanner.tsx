import { useState } from 'react';
import { Collapse, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';

/**
 * The official-site banner (like the .gov banner of GOV.UK / USWDS): one line
 * saying whose site this is and a disclosure that explains how to tell. A
 * plain button with aria-expanded, so Enter and Space toggle it.
 */
export function OfficialBanner() {
  const [open, setOpen] = useState(false);
  return (
    <div className="official-banner">
      <Container size={1200} px="md" py={4}>
        <Group gap="xs" wrap="wrap">
          <span className="official-banner-flag" aria-hidden="true" />
          <Text size="xs" component="span">Este es un portal oficial del Gobierno de la República Dominicana</Text>
          <UnstyledButton
            className="official-banner-toggle"
            aria-expanded={open}
            aria-controls="banner-oficial-detalle"
            onClick={() => setOpen((o) => !o)}
          >
            Así es como puede saberlo <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </UnstyledButton>
        </Group>
        <Collapse expanded={open} id="banner-oficial-detalle">
          <Stack gap={4} py="xs">
            <Text size="sm"><strong>Los portales oficiales terminan en .gob.do.</strong> Un sitio .gob.do pertenece a una institución del Estado dominicano.</Text>
            <Text size="sm"><strong>Los portales seguros usan https://.</strong> Busque el candado en la barra de direcciones antes de escribir datos personales.</Text>
          </Stack>
        </Collapse>
      </Container>
    </div>
  );
}
