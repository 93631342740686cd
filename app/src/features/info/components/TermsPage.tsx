import { List, Text, Title } from '@mantine/core';
import { InfoPage } from './InfoPage';

/** /terminos: the terms of use of the portal. */
export function TermsPage() {
  return (
    <InfoPage title="Términos de uso" lead="Al usar el Portal Ciudadano usted acepta estas condiciones.">
      <Title order={2}>Su cuenta</Title>
      <Text>La cuenta es personal. Usted es responsable de mantener su contraseña en secreto y de la veracidad de los datos que declara en sus solicitudes.</Text>
      <Title order={2}>Las solicitudes</Title>
      <List spacing="xs">
        <List.Item>Una solicitud enviada se tramita ante la institución responsable del servicio, que decide sobre ella.</List.Item>
        <List.Item>Los montos que se muestran son los de las tarifas vigentes de cada institución.</List.Item>
        <List.Item>Los borradores sin enviar se pueden eliminar en cualquier momento desde «Mis solicitudes».</List.Item>
      </List>
      <Title order={2}>Uso correcto</Title>
      <Text>No está permitido suplantar a otra persona, enviar información falsa ni intentar acceder a datos de otros ciudadanos. Estos usos pueden tener consecuencias legales.</Text>
    </InfoPage>
  );
}
