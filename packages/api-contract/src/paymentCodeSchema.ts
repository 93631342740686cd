/**
 * A charge's authorization number for a bank transfer or deposit (issue 13,
 * GENERATE_CODE_MODAL): what GET/POST /v1/portals/requests/{id}/payment-code
 * answer, and what the payment slip (its PDF) prints.
 */
import type { FromSchema } from './fromSchema';

/** The bank account a transfer goes to (the sandbox's is fictional; none when the bank is reached with the number alone). */
export const paymentBankSchema = {
  type: ['object', 'null'],
  properties: {
    name: { type: 'string' },
    account_type: { type: 'string' },
    account: { type: 'string' },
    holder: { type: 'string' },
  },
  required: ['name', 'account_type', 'account', 'holder'],
  additionalProperties: false,
} as const;

export const paymentCodeSchema = {
  type: 'object',
  properties: {
    /** The 11-digit authorization number (random, unique; replaced by a new one on request). */
    code: { type: 'string' },
    item_id: { type: 'integer' },
    request_id: { type: 'integer' },
    request_code: { type: 'string' },
    agency: { type: 'string' },
    concept: { type: 'string' },
    amount: { type: 'number' },
    currency: { type: 'string' },
    created_at: { type: 'string' },
    bank: paymentBankSchema,
    /** The steps, in Spanish, in order. */
    instructions: { type: 'array', items: { type: 'string' } },
    /** The sandbox's bank: nothing is really paid. */
    sandbox: { type: 'boolean' },
  },
  required: ['code', 'item_id', 'request_id', 'request_code', 'agency', 'concept', 'amount', 'currency', 'created_at', 'bank', 'instructions', 'sandbox'],
  additionalProperties: false,
} as const;

/** A charge's authorization number with what its payment slip shows. */
export type PaymentCode = FromSchema<typeof paymentCodeSchema>;
