/** Schema of POST /v2/service-suggested (validation, OpenAPI and the handler's types). */
import { errorSchema, serviceSuggestedSchema, serviceSuggestionBodySchema, SUGGESTION_TEXT_MAX } from '@portal/api-contract';
import { commonErrors, optionalSecurity } from '../../http/commonSchemas';

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
  body: serviceSuggestionBodySchema,
  response: {
    ...commonErrors,
    201: serviceSuggestedSchema,
    422: { ...errorSchema, description: 'El motor de formularios rechazó uno o más campos: un mensaje por campo' },
  },
} as const;
