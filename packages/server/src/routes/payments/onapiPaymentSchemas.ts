/** Schema of POST /v1/institution-onapi/payment (validation, OpenAPI and the handler's types). */
import { onapiCardPaymentBodySchema, paymentResultSchema } from '@portal/api-contract';
import { okData, paymentErrors, paymentSecurity, paymentTags } from './paymentSchemas';

export const onapiPaymentRouteSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'payOnapiChargeWithCard',
  summary: 'Pagar con tarjeta el cargo de ONAPI de una solicitud propia',
  description:
    'El formulario de tarjeta de ONAPI (spec §7, segundo cliente). El servidor calcula el monto (un monto enviado se rechaza como campo no permitido), abre un intento de pago, llama al procesador fuera de la transacción y registra la respuesta: un doble clic, un reintento o dos pestañas cobran una sola vez. El número de la tarjeta y el código de seguridad no se guardan ni se registran: solo marca, últimos cuatro dígitos y referencia del procesador. 422: la tarjeta fue rechazada (motivo del procesador); 503: el procesador no respondió y no se cobró nada.',
  body: onapiCardPaymentBodySchema,
  response: { ...paymentErrors, 200: okData(paymentResultSchema) },
} as const;
