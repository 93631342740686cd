/**
 * Payments (issue 13): the one definition of a charge's statuses and of the
 * ways it is paid, the shapes of the payment calls of the portal spec (§3, §7)
 * and their Spanish messages (§8, copied literally). The server computes every
 * amount; what a browser sends as an amount is checked against it, never used.
 *
 * A request's charges are its `request_items` (one per agency or institution
 * paid). The statuses below are the only list: at every start the server
 * writes the CHECK of `request_items.status` and its default from them
 * (packages/server/src/db/syncStatusConstraints.ts), and code names a status
 * through PAYMENT_STATUS, never as a bare string
 * (packages/server/test/statusDefinitions.test.ts checks both).
 * Migration 021_payments.sql repeats the methods in a CHECK;
 * packages/server/test/payments.test.ts compares them.
 */
import { nextStatusIn, type StatusEventRule } from './statusMachine';

/** pendiente → (en_verificacion →) pagado; a refused proof goes back to pendiente (PAYMENT_EVENTS). */
export const PAYMENT_STATUSES = ['pendiente', 'en_verificacion', 'pagado'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Each status by its name, for code that means one of them (`PAYMENT_STATUS.pagado`, checked by the compiler). */
export const PAYMENT_STATUS = Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, s])) as { readonly [S in PaymentStatus]: S };

/** A new charge's status (the column's default). */
export const PAYMENT_INITIAL_STATUS: PaymentStatus = PAYMENT_STATUS.pendiente;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pendiente: 'Pendiente',
  en_verificacion: 'En verificación',
  pagado: 'Pagado',
};

export type PaymentEventRule = StatusEventRule<PaymentStatus>;

/**
 * Every change of a charge's status, as services/payments does it (paymentLedger.ts,
 * paymentProofs.ts): a charge pending is paid or gets a proof; a proof is accepted
 * (paid) or refused (pending again, with the reason). Nothing leaves 'pagado'.
 */
export const PAYMENT_EVENTS = {
  /** The citizen sends a proof of payment or a deposit receipt (paymentProofs.submitProof). */
  enviar_comprobante: { from: ['pendiente'], to: 'en_verificacion' },
  /** An officer does not accept the proof (paymentProofs.refuseProof). */
  rechazar_comprobante: { from: ['en_verificacion'], to: 'pendiente' },
  /** Paid: by card, card page, transfer, CardNet, or a proof accepted (paymentLedger.confirmCharge). */
  confirmar: { from: ['pendiente', 'en_verificacion'], to: 'pagado' },
} as const satisfies Record<string, PaymentEventRule>;

export type PaymentEvent = keyof typeof PAYMENT_EVENTS;
export const PAYMENT_EVENT_NAMES = Object.keys(PAYMENT_EVENTS) as PaymentEvent[];

/** The status `event` leads to from `status`, or null when it is not allowed there. */
export function nextPaymentStatus(status: PaymentStatus, event: PaymentEvent): PaymentStatus | null {
  return nextStatusIn<PaymentStatus, PaymentEvent>(PAYMENT_EVENTS, status, event);
}

/**
 * How a charge was (or is being) paid:
 * - tarjeta: the in-page card form (ONAPI, POST /v1/institution-onapi/payment), through the card processor;
 * - pagina_de_pago: the card payment page (Cámara de Comercio, Azul), after its signed return is verified;
 * - comprobante: a proof of payment (DGII) or a deposit receipt (PAY_WITH_CHECK), accepted by an officer;
 * - transferencia: a bank transfer or deposit with the portal's authorization number, confirmed by the bank (SIRITE);
 * - cardnet: the same authorization number paid with a card at a CardNet terminal (POST /v1/portals/payment/updatepaycardnet).
 */
export const PAYMENT_METHODS = ['tarjeta', 'pagina_de_pago', 'comprobante', 'transferencia', 'cardnet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  tarjeta: 'Tarjeta de crédito o débito',
  pagina_de_pago: 'Página de pago con tarjeta',
  comprobante: 'Comprobante de pago',
  transferencia: 'Transferencia o depósito bancario',
  cardnet: 'Tarjeta en un terminal CardNet',
};

/** The spec's messages (§8), literal. */
export const PAYMENT_MESSAGES = {
  /** Second client: any failure without a server message. */
  secondClientFallback: 'Error al procesar la solicitud. Por favor, inténtalo de nuevo',
  /** Hash step answered another status than 201. */
  hashFailed: 'Error confirmado el monto',
  /** Card payment failure (in-page card form). */
  cardFailed: 'Error al pagar la solicitud',
  /** Variation update with no data. */
  variationFailed: 'Error al actualizar la variación',
  /** No document chosen for a proof of payment. */
  missingDocument: 'Por favor selecione un archivo!',
  /** Authorization code shorter than 11 digits. */
  invalidCode: 'Código inválido',
  /** Required field. */
  required: 'Requerido',
} as const;

/** The portal's authorization number for a transfer or deposit, and DGII's: 11 digits. */
export const AUTHORIZATION_CODE_LENGTH = 11;
/** Second client's time limit (spec §9). */
export const SECOND_CLIENT_TIMEOUT_MS = 120_000;
/** Payment dialogs close about this long after a success (spec §9). */
export const PAYMENT_CLOSE_DELAY_MS = 1_000;

/**
 * The card payment page's fields (Azul Payment Page), in the order its
 * authentication hash concatenates them: HMAC-SHA512 over the values joined
 * with nothing, followed by the merchant's key, keyed with the same key.
 */
export const CARD_PAGE_REQUEST_FIELDS = [
  'MerchantId',
  'MerchantName',
  'MerchantType',
  'CurrencyCode',
  'OrderNumber',
  'Amount',
  'ITBIS',
  'ApprovedUrl',
  'DeclinedUrl',
  'CancelUrl',
  'UseCustomField1',
  'CustomField1Label',
  'CustomField1Value',
  'UseCustomField2',
  'CustomField2Label',
  'CustomField2Value',
] as const;
export type CardPageRequestField = (typeof CARD_PAGE_REQUEST_FIELDS)[number];

/** The fields the card payment page adds to the approved (and declined) address, in the order of their hash. */
export const CARD_PAGE_RESPONSE_FIELDS = [
  'OrderNumber',
  'Amount',
  'AuthorizationCode',
  'DateTime',
  'ResponseCode',
  'IsoCode',
  'ResponseMessage',
  'ErrorDescription',
  'RRN',
] as const;
export type CardPageResponseField = (typeof CARD_PAGE_RESPONSE_FIELDS)[number];

/** The app's return routes of the card payment page (spec §1). */
export const CARD_PAGE_RETURN_PATHS = {
  approved: '/my-requests/vuf/azul_callback',
  /** With ?solicitud_id={request code}&decline=1 or &canceled=1. */
  declinedOrCanceled: '/my-requests/vuf',
} as const;

const money = { type: 'number', minimum: 0 } as const;

/**
 * An extra (a price variation) chosen for a charge, as the charge shows it:
 * `quantity` × `unit_amount` = `amount`. A charge's `amount` is its
 * `base_amount` plus the `amount` of each of its extras (chargeWithVariations).
 */
export const chargeExtraSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Concepto de la variación elegida (p. ej. «Copia certificada del registro mercantil»)' },
    quantity: { type: 'integer', minimum: 1 },
    unit_amount: money,
    amount: { ...money, description: 'quantity × unit_amount' },
  },
  required: ['name', 'quantity', 'unit_amount', 'amount'],
  additionalProperties: false,
} as const;

/** A charge's extras, in the order they were offered. */
export const chargeExtrasSchema = {
  type: 'array',
  items: chargeExtraSchema,
  description: 'Servicios adicionales elegidos (variaciones de precio); vacío si no eligió ninguno',
} as const;

/** A variation of a price (spec §3): an optional extra, with its own price and time. */
export const variationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    concept: { type: 'string' },
    description: { type: 'string' },
    price: money,
    hours: { type: 'integer', minimum: 0 },
    days: { type: 'integer', minimum: 0 },
    months: { type: 'integer', minimum: 0 },
  },
  required: ['id', 'concept', 'description', 'price', 'hours', 'days', 'months'],
  additionalProperties: false,
} as const;

/** A payment price (spec §3) of one of the request's charges (`item_id`, our addition). */
export const priceSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    item_id: { type: 'integer', description: 'El cargo de la solicitud al que se aplica' },
    concept: { type: 'string' },
    is_allow_multiple: { type: 'integer', enum: [0, 1], description: '1: se puede indicar una cantidad' },
    variations: { type: 'array', items: variationSchema },
    selected: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Variaciones ya elegidas para el cargo',
    },
    quantity: { type: 'integer', minimum: 1 },
  },
  required: ['id', 'item_id', 'concept', 'is_allow_multiple', 'variations', 'selected', 'quantity'],
  additionalProperties: false,
} as const;

/** One charge of a request with how it stands. Card data: only brand and last four digits, ever. */
export const paymentItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    agency: { type: 'string', description: 'Sigla de la institución que cobra (ONAPI, DGII, CCPSD, …)' },
    concept: { type: 'string' },
    base_amount: { ...money, description: 'Monto del cargo sin servicios adicionales' },
    amount: money,
    extras: chargeExtrasSchema,
    currency: { type: 'string' },
    status: { type: 'string', enum: PAYMENT_STATUSES },
    method: { type: ['string', 'null'], enum: [...PAYMENT_METHODS, null] },
    paid_at: { type: ['string', 'null'] },
    reference: { type: ['string', 'null'], description: 'Referencia del procesador, del banco o número de aprobación' },
    card_brand: { type: ['string', 'null'] },
    card_last4: { type: ['string', 'null'] },
    approval_number: { type: ['string', 'null'], description: 'Número de aprobación del comprobante o de la transferencia' },
    proof_name: { type: ['string', 'null'], description: 'Nombre del documento enviado como comprobante' },
    review_note: { type: ['string', 'null'], description: 'Motivo por el que la institución no aceptó el comprobante' },
    estimated_date: { type: ['string', 'null'], description: 'Tiempo estimado de las variaciones elegidas' },
  },
  required: ['id', 'agency', 'concept', 'base_amount', 'amount', 'extras', 'currency', 'status', 'method', 'paid_at', 'reference', 'card_brand', 'card_last4', 'approval_number', 'proof_name', 'review_note', 'estimated_date'],
  additionalProperties: false,
} as const;

/**
 * The request's payment view (spec §3 "Request (payment view)": id;
 * codigoSolicitud.code; request_camara.cotizacion.totalCobrar;
 * request_dgii (id, no_autorizacion); request_onapi.amount; payment.prices[])
 * with every charge. GET /v1/portals/requests/{id}/payment.
 */
export const paymentViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    service: { type: 'string' },
    form: { type: 'string' },
    status: { type: 'string' },
    codigoSolicitud: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    request_camara: {
      type: ['object', 'null'],
      properties: {
        item_id: { type: 'integer' },
        cotizacion: { type: 'object', properties: { totalCobrar: money }, required: ['totalCobrar'] },
      },
      required: ['item_id', 'cotizacion'],
    },
    request_dgii: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, no_autorizacion: { type: 'string' } },
      required: ['id', 'no_autorizacion'],
    },
    request_onapi: {
      type: ['object', 'null'],
      properties: { item_id: { type: 'integer' }, amount: money },
      required: ['item_id', 'amount'],
    },
    payment: { type: 'object', properties: { prices: { type: 'array', items: priceSchema } }, required: ['prices'] },
    items: { type: 'array', items: paymentItemSchema },
    total_pending: money,
  },
  required: ['id', 'service', 'form', 'status', 'codigoSolicitud', 'request_camara', 'request_dgii', 'request_onapi', 'payment', 'items', 'total_pending'],
  additionalProperties: false,
} as const;

/** What a successful payment call answers: the charge as it now stands. */
export const paymentResultSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    item: paymentItemSchema,
    request_status: { type: 'string' },
  },
  required: ['message', 'item', 'request_status'],
} as const;

/** What a verified return of the card payment page answers (POST /v1/institution-camara/return): no one else's data. */
export const cardPageOutcomeSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['aprobado', 'rechazado'] },
    message: { type: 'string' },
    request_id: { type: 'integer' },
    request_code: { type: 'string' },
    amount: { type: 'number' },
    authorization_code: { type: ['string', 'null'] },
  },
  required: ['status', 'message', 'request_id', 'request_code', 'amount', 'authorization_code'],
} as const;

/** What POST /v1/portals/request-variation-select answers: the charge as it now stands and what the request still owes. */
export const variationSelectAnswerSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { item: paymentItemSchema, total_pending: money },
      required: ['item', 'total_pending'],
    },
  },
  required: ['data'],
} as const;

/** A field of the card payment page as the portal passes it on: text, bounded. */
const cardPageField = { type: 'string', maxLength: 300 } as const;
/** The card payment page's request fields and the transaction type, each a {@link cardPageField}. */
export const cardPageRequestFieldProps = Object.fromEntries([...CARD_PAGE_REQUEST_FIELDS, 'TrxType'].map((f) => [f, cardPageField])) as Record<CardPageRequestField | 'TrxType', typeof cardPageField>;
/** The fields the card payment page adds to its return address, and their AuthHash, each a {@link cardPageField}. */
export const cardPageResponseFieldProps = Object.fromEntries([...CARD_PAGE_RESPONSE_FIELDS, 'AuthHash'].map((f) => [f, cardPageField])) as Record<CardPageResponseField | 'AuthHash', typeof cardPageField>;

/** The signed form as the browser posts it to the card page. */
const cardPageFormSchema = {
  type: 'object',
  properties: cardPageRequestFieldProps,
  required: [...CARD_PAGE_REQUEST_FIELDS, 'TrxType'],
} as const;

/** What POST /v1/institution-camara/hash/{code} answers (201): the hash (the spec's `data`), every field signed and where to post them. */
export const signedCardPageFormSchema = {
  type: 'object',
  properties: {
    data: { type: 'string', description: 'AuthHash: HMAC-SHA512 en hexadecimal' },
    fields: cardPageFormSchema,
    url: { type: 'string', description: 'Dirección de la página de pago (el formulario se envía por POST)' },
  },
  required: ['data', 'fields', 'url'],
} as const;
