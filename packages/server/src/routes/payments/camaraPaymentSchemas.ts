/** Schemas of the Cámara de Comercio's card payment page routes (hash and return). */
import { cardPageHashBodySchema, cardPageOutcomeSchema, cardPageReturnBodySchema, signedCardPageFormSchema } from '@portal/api-contract';
import { authErrors, errorSchema, publicSecurity } from '../../http/commonSchemas';
import { okData, paymentErrors, paymentSecurity, paymentTags } from './paymentSchemas';

// The bodies and the signed form are the API contract's: the app types what it sends and reads from the same schemas.

export const camaraHashRouteSchema = {
  tags: paymentTags,
  security: paymentSecurity,
  operationId: 'signCamaraCardPageForm',
  summary: 'Firma de la página de pago de la Cámara de Comercio',
  description:
    'Spec §2 pantalla 3: el navegador envía los campos del formulario de la página de pago (comercio, tipo de transacción Sale, número de orden, monto como el total seguido de "00", ITBIS "000", direcciones de aprobado, rechazado y cancelado). El servidor calcula los mismos campos con el cargo de la Cámara de Comercio de la solicitud del ciudadano; si alguno difiere responde 422. Responde 201 con el hash de autenticación (HMAC-SHA512) en data, los campos firmados y la dirección de la página.',
  params: { type: 'object', properties: { code: { type: 'string', minLength: 1, maxLength: 40 } }, required: ['code'] },
  body: cardPageHashBodySchema,
  response: { ...paymentErrors, 201: signedCardPageFormSchema },
} as const;

export const camaraReturnRouteSchema = {
  tags: paymentTags,
  // No session: the AuthHash authenticates the answer.
  security: publicSecurity,
  operationId: 'settleCamaraCardPageReturn',
  summary: 'Respuesta de la página de pago de la Cámara de Comercio',
  description:
    'Los campos que la página de pago agregó a la dirección de regreso, con su AuthHash. El pago cuenta solo si el hash (HMAC-SHA512 con la clave del comercio) es válido y la orden y el monto son los registrados; si no, 422 y nada cambia. Un regreso aprobado confirma el cargo una sola vez: repetirlo responde lo ya registrado. No requiere sesión (la sesión pudo vencer mientras el ciudadano estaba en la página de pago): el hash autentica la respuesta, y la respuesta solo dice el código, el id y el monto de la solicitud y el resultado.',
  body: cardPageReturnBodySchema,
  response: { ...authErrors, 200: okData(cardPageOutcomeSchema), 409: errorSchema, 422: errorSchema },
} as const;
