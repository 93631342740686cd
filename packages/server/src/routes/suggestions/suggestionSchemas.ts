/** Schema of POST /v2/service-suggested (validation, OpenAPI and the handler's types). */
import { errorSchema, serviceSuggestedSchema } from '@portal/api-contract';
import { commonErrors, optionalSecurity } from '../../http/commonSchemas';

/**
 * The longest text a field may bring before the engine reads it: far above
 * the schema's own limits (150 at most), so an over-long value gets the
 * engine's 422 on its field, while a huge one is refused as bad input.
 */
export const SUGGESTION_TEXT_MAX = 1000;

const text = (description: string) => ({ type: 'string', maxLength: SUGGESTION_TEXT_MAX, description }) as const;

export const serviceSuggestedRouteSchema = {
  tags: ['Portal'],
  operationId: 'suggestService',
  summary: 'Sugerir un servicio (con o sin sesión)',
  description:
    'Guarda la sugerencia de un servicio que falta en el catálogo (ventana "Sugerir un servicio"). ' +
    'Los seis campos son texto y obligatorios; se validan con el mismo motor y el mismo esquema que el navegador ' +
    '(`schemas/sugerencia-servicio`): sus mensajes llegan con 422, uno por campo, por ejemplo "Este campo es requerido" ' +
    'o "Favor digitar un email válido". El teléfono puede llegar con la máscara, (809) 555-0142: se guardan sus 10 dígitos. ' +
    'Un cuerpo que no es un objeto con esos campos de texto (campos de más, números, listas, textos de más de ' +
    `${SUGGESTION_TEXT_MAX} caracteres) es un 400 y no se guarda nada. ` +
    'Si llega una sesión válida, la sugerencia queda asociada al ciudadano; sin sesión, o con una vencida, es anónima. ' +
    'No se guarda la dirección de quien la envía. 5 sugerencias cada 10 minutos por dirección.',
  // The handler reads a session if one comes (the suggestion is then the citizen's); none is no 401.
  security: optionalSecurity,
  body: {
    type: 'object',
    properties: {
      service_title: text('Nombre del servicio que falta (hasta 150 caracteres)'),
      institution_name: text('Institución que debería ofrecerlo (hasta 150 caracteres)'),
      person_name: text('Nombre de quien sugiere: solo letras y espacios (hasta 100 caracteres)'),
      person_last_name: text('Apellido de quien sugiere: solo letras y espacios (hasta 100 caracteres)'),
      person_email: text('Correo electrónico de contacto'),
      person_phone: text('Teléfono de contacto: 10 dígitos, con o sin la máscara (###) ###-####'),
    },
  },
  response: {
    ...commonErrors,
    201: serviceSuggestedSchema,
    422: { ...errorSchema, description: 'El motor de formularios rechazó uno o más campos: un mensaje por campo' },
  },
} as const;
