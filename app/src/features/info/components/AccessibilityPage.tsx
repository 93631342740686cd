import { Anchor, List, Text, Title } from '@mantine/core';
import { openModal } from '../../../modals/modalStore';
import { InfoPage } from './InfoPage';

/** /accesibilidad: the accessibility statement (what the portal meets, how it is checked, what is known not to work, how to report). */
export function AccessibilityPage() {
  return (
    <InfoPage title="Declaración de accesibilidad" lead="Queremos que todas las personas puedan usar este portal, también con lector de pantalla, solo con el teclado, con la pantalla ampliada o desde un teléfono.">
      <Title order={2}>Nivel de cumplimiento</Title>
      <Text>Este portal se diseña para cumplir el nivel AA de las Pautas de Accesibilidad para el Contenido Web (WCAG) 2.2 del W3C.</Text>
      <Title order={2}>Cómo lo comprobamos</Title>
      <List spacing="xs">
        <List.Item>Cada página y cada ventana se revisan con pruebas automáticas de WCAG 2.2 A y AA en una pantalla de computadora (1280 px) y de teléfono (390 px).</List.Item>
        <List.Item>Los recorridos principales (iniciar sesión, completar, revisar y enviar una solicitud) se prueban usando solo el teclado.</List.Item>
        <List.Item>Los textos y controles tienen un contraste de al menos 4,5:1 y los bordes de los campos de 3:1.</List.Item>
      </List>
      <Title order={2}>Limitaciones conocidas</Title>
      <List spacing="xs">
        <List.Item>Los documentos que usted adjunta (PDF o imágenes) se guardan tal como se suben; el portal no puede hacerlos accesibles.</List.Item>
        <List.Item>Algunas páginas del catálogo de servicios están en construcción.</List.Item>
      </List>
      <Title order={2}>Cómo reportar un problema de accesibilidad</Title>
      <Text>
        Si algo no le funciona, use{' '}
        <Anchor component="button" type="button" onClick={() => openModal('ERROR_REPORT')}>Reportar un problema</Anchor>
        {' '}y cuéntenos qué página y qué ayuda técnica usaba. Le responderemos si nos deja su correo.
      </Text>
      <Text size="sm" c="dimmed">Declaración revisada en noviembre de 2026.</Text>
    </InfoPage>
  );
}
