/**
 * Proofs of payment (issue 13): what the citizen sends (a proof of payment to
 * the DGII, a bank deposit's receipt) and how the back office lists the proofs
 * its officers verify (GET /v1/backoffice/payments).
 */

/**
 * The approval number the bank gave the citizen: 1 to 30 letters, digits and
 * dashes, starting with a letter or a digit (banks print it in these forms).
 */
export const APPROVAL_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9-]{0,29}$';
export const APPROVAL_NUMBER_MAX = 30;
/** What the server answers for an approval number out of that form. */
export const APPROVAL_NUMBER_INVALID = 'El número de aprobación admite de 1 a 30 letras, dígitos o guiones';
/** Why an officer did not accept a proof: 5 to 2000 characters. */
export const REFUSAL_REASON_MIN = 5;
export const REFUSAL_REASON_MAX = 2000;

/** One proof waiting for verification, as the back office lists it. */
export const paymentReviewRowSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'Id del cargo' },
    request_id: { type: 'integer' },
    request_code: { type: 'string' },
    service: { type: 'string' },
    citizen_name: { type: 'string' },
    agency: { type: 'string' },
    concept: { type: 'string' },
    amount: { type: 'number' },
    approval_number: { type: ['string', 'null'] },
    no_autorizacion: { type: ['string', 'null'], description: 'Número de autorización de pago de la DGII' },
    proof_name: { type: ['string', 'null'] },
    kind: { type: 'string', enum: ['dgii', 'deposito'], description: 'dgii: comprobante de pago a la DGII; deposito: comprobante de un depósito bancario' },
    sent_at: { type: 'string', description: 'Cuándo se envió el comprobante' },
    document: { type: ['string', 'null'], description: 'Dirección de descarga del comprobante' },
    can_verify: {
      type: 'boolean',
      description: 'Si quien pregunta puede aceptarlo o no aceptarlo: el oficial de la institución que cobra el cargo o un administrador; la institución que atiende la solicitud (la VUF con el de la DGII) solo lo ve',
    },
  },
  required: ['id', 'request_id', 'request_code', 'service', 'citizen_name', 'agency', 'concept', 'amount', 'approval_number', 'no_autorizacion', 'proof_name', 'kind', 'sent_at', 'document', 'can_verify'],
  additionalProperties: false,
} as const;

export const paymentReviewListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: paymentReviewRowSchema } },
  required: ['data'],
} as const;
