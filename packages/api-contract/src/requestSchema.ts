/** A citizen's request (a submitted application) with its payments, as /v1/portals/requests returns it. */
import { REQUEST_STATUSES } from './requestStatus';

export const requestItemSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' }, agency: { type: 'string' }, concept: { type: 'string' },
    amount: { type: 'number' }, currency: { type: 'string' }, status: { type: 'string' },
  },
  required: ['id', 'agency', 'concept', 'amount', 'currency', 'status'],
} as const;

export const requestSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    form: { type: 'string', description: 'Formulario del servicio en línea (schemas/<form>)' },
    service: { type: 'string' },
    status: { type: 'string', enum: REQUEST_STATUSES },
    tipo_societario: { type: ['string', 'null'] },
    company_name: { type: ['string', 'null'] },
    submitted_at: { type: 'string' },
    items: { type: 'array', items: requestItemSchema },
    total_pending: { type: 'number' },
  },
  required: ['id', 'code', 'form', 'service', 'status', 'submitted_at', 'items', 'total_pending'],
} as const;
