import { Anchor, Text, Title } from '@mantine/core';
import { openModal } from '../../../modals/modalStore';
import { InfoPage } from './InfoPage';

/** /contacto: how to reach the portal's team. */
export function ContactPage() {
  return (
    <InfoPage title="Contacto" lead="¿Tiene una duda sobre un trámite o sobre el portal? Estas son las formas de comunicarse con nosotros.">
      <Title order={2}>Sobre una solicitud</Title>
      <Text>Consulte el estado de sus solicitudes y sus pagos en «Mis solicitudes». Las preguntas sobre una formalización de empresa las responde la Cámara de Comercio y Producción de Santo Domingo.</Text>
      <Title order={2}>Un problema con el portal</Title>
      <Text>
        Si una página no funciona o algo no se entiende, use{' '}
        <Anchor component="button" type="button" onClick={() => openModal('ERROR_REPORT')}>Reportar un problema</Anchor>
        : el equipo del portal recibe su mensaje con la página en la que estaba.
      </Text>
      <Title order={2}>Un servicio que falta</Title>
      <Text>
        ¿Echa de menos un trámite?{' '}
        <Anchor component="button" type="button" onClick={() => openModal('SERVICE_RECOMENDED')}>Sugiera un servicio</Anchor>.
      </Text>
    </InfoPage>
  );
}
