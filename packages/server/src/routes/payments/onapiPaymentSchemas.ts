/** Schema of POST /v1/institution-onapi/payment (validation, OpenAPI and the handler's types). */
import { paymentResultSchema } from '@portal/api-contract';
import { okData, paymentErrors, paymentSecurity, paymentTags } from './paymentSchemas';

/** A request code as the portal issues it. */
const requestCode = { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$', description: 'Código de la solicitud (codigoSolicitud.code)' } as const;

export const onapiPaymentRouteSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'payOnapiChargeWithCard',
  summary: 'Pagar con tarjeta el cargo de ONAPI de una solicitud propia',
  description:
    'El formulario de tarjeta de ONAPI (spec §7, segundo cliente). El servidor calcula el monto (un monto enviado se rechaza como campo no permitido), abre un intento de pago, llama al procesador fuera de la transacción y registra la respuesta: un doble clic, un reintento o dos pestañas cobran una sola vez. El número de la tarjeta y el código de seguridad no se guardan ni se registran: solo marca, últimos cuatro dígitos y referencia del procesador. 422: la tarjeta fue rechazada (motivo del procesador); 503: el procesador no respondió y no se cobró nada.',
  body: {
    type: 'object',
    properties: {
      codigoSolicitud: requestCode,
      cardNumber: { type: 'string', pattern: '^[0-9]{13,16}$', description: 'Número de la tarjeta: solo dígitos, sin espacios' },
      expDate: { type: 'string', pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$', description: 'Vencimiento MM/AA' },
      cvv: { type: 'string', pattern: '^[0-9]{3,4}$', description: 'Código de seguridad (3 o 4 dígitos)' },
    },
    required: ['codigoSolicitud', 'cardNumber', 'expDate', 'cvv'],
    additionalProperties: false,
  },
  response: { ...paymentErrors, 200: okData(paymentResultSchema) },
} as const;
