import { List, Text, Title } from '@mantine/core';
import { InfoPage } from './InfoPage';

/** /privacidad: what the portal stores about a citizen and why. */
export function PrivacyPage() {
  return (
    <InfoPage title="Política de privacidad" lead="Qué datos guarda el portal, para qué los usa y quién puede verlos.">
      <Title order={2}>Qué datos guardamos</Title>
      <List spacing="xs">
        <List.Item>Su cédula, nombres, apellidos y correo, para su cuenta.</List.Item>
        <List.Item>Las respuestas y documentos de sus solicitudes, para tramitarlas ante la institución que corresponde.</List.Item>
        <List.Item>Las páginas visitadas, sin datos personales (solo la dirección de la página y la hora), para saber qué servicios se usan.</List.Item>
      </List>
      <Title order={2}>Para qué los usamos</Title>
      <Text>Solo para prestarle los servicios que usted solicita y para mejorar el portal. No vendemos ni cedemos sus datos.</Text>
      <Title order={2}>Sus derechos</Title>
      <Text>Puede consultar, corregir o pedir que se eliminen sus datos personales según la Ley 172-13 de protección de datos de carácter personal, escribiendo por los medios de la página de contacto.</Text>
      <Title order={2}>Cookies</Title>
      <Text>El portal usa solo las cookies necesarias para mantener su sesión y recordar su navegador de confianza; no usa cookies de publicidad.</Text>
    </InfoPage>
  );
}
