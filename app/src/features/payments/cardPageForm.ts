/**
 * The Cámara de Comercio's card payment page (spec §2 screen 3) in the
 * browser: the form fields the browser knows (order, amount, its own return
 * addresses), the hash call of the second client, the hidden form that takes
 * the browser to the card page, and the return call of the approved page.
 * The server signs its own copy of the fields and refuses any difference.
 */
import {
  CARD_PAGE_RESPONSE_FIELDS,
  PAYMENT_MESSAGES,
  cardPageOrderFields,
  type CardPageHashBody,
  type CardPageOutcome,
  type CardPageReturnBody,
  type SignedCardPageForm,
} from '@portal/api-contract';
import { api } from '../../lib/api-client';
import { singleWindow } from './api';

/** What the browser asks the server to sign: transaction type Sale, order, amount + '00', ITBIS '000' and the three return addresses (the server builds the same with cardPageOrderFields). */
export function cardPageRequestFields(requestCode: string, total: number, origin = window.location.origin): CardPageHashBody {
  return cardPageOrderFields(requestCode, total, origin);
}

/** The hash step (second client, 120 s): anything but a 201 with a hash is 'Error confirmado el monto'. */
export async function signCardPageForm(requestCode: string, total: number): Promise<SignedCardPageForm> {
  const failed = new Error(PAYMENT_MESSAGES.hashFailed);
  let response: Response;
  try {
    response = await singleWindow.answer(`institution-camara/hash/${encodeURIComponent(requestCode)}`, { method: 'post', json: cardPageRequestFields(requestCode, total) satisfies CardPageHashBody });
  } catch {
    throw failed;
  }
  if (response.status !== 201) throw failed;
  const body = (await response.json().catch(() => null)) as Partial<SignedCardPageForm> | null;
  if (!body || typeof body.data !== 'string' || !body.fields || typeof body.url !== 'string') throw failed;
  return body as SignedCardPageForm;
}

/** Posts the signed form to the card page with a hidden form: the browser leaves the portal. */
export function goToCardPage(signed: SignedCardPageForm, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = signed.url;
  form.hidden = true;
  for (const [name, value] of Object.entries({ ...signed.fields, AuthHash: signed.data })) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
}


/** The response fields and AuthHash of the return address's query, or null when it has none (not a return of the page). */
export function cardPageReturnOf(search: string): CardPageReturnBody | null {
  const query = new URLSearchParams(search);
  if (!query.get('AuthHash') || !query.get('OrderNumber')) return null;
  return Object.fromEntries([...CARD_PAGE_RESPONSE_FIELDS, 'AuthHash'].map((f) => [f, query.get(f) ?? ''])) as CardPageReturnBody;
}

/** Hands the page's return to the server, which verifies its hash and records the payment once. */
export async function confirmCardPageReturn(fields: CardPageReturnBody): Promise<CardPageOutcome> {
  return (await api.post<{ data: CardPageOutcome }>('institution-camara/return', { json: fields })).data;
}
