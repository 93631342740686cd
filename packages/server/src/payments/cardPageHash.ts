/**
 * The card payment page's authentication hash (Azul Payment Page): an
 * HMAC-SHA512, keyed with the merchant's key, over the fields' values in their
 * fixed order joined with nothing and followed by the key itself, written in
 * lowercase hexadecimal. The request's hash lets the page trust the amount and
 * the return addresses; the return's hash lets us trust the outcome.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CARD_PAGE_REQUEST_FIELDS, CARD_PAGE_RESPONSE_FIELDS, type CardPageRequestField, type CardPageResponseField } from '@portal/api-contract';

function hmac(values: readonly string[], key: string): string {
  return createHmac('sha512', key).update(values.join('') + key, 'utf8').digest('hex');
}

export type CardPageRequest = Record<CardPageRequestField, string>;
export type CardPageResponse = Record<CardPageResponseField, string>;

/** The AuthHash of the form the browser posts to the card payment page. */
export function signCardPageRequest(fields: CardPageRequest, key: string): string {
  return hmac(CARD_PAGE_REQUEST_FIELDS.map((f) => fields[f] ?? ''), key);
}

/** The AuthHash of the fields the page adds to the return address. */
export function signCardPageResponse(fields: CardPageResponse, key: string): string {
  return hmac(CARD_PAGE_RESPONSE_FIELDS.map((f) => fields[f] ?? ''), key);
}

/** Compares two hex hashes in constant time; false for anything malformed. */
export function sameHash(a: string, b: string): boolean {
  if (!/^[0-9a-f]{128}$/i.test(a) || !/^[0-9a-f]{128}$/i.test(b)) return false;
  return timingSafeEqual(Buffer.from(a.toLowerCase(), 'hex'), Buffer.from(b.toLowerCase(), 'hex'));
}

export function verifyCardPageRequest(fields: CardPageRequest, hash: string, key: string): boolean {
  return sameHash(signCardPageRequest(fields, key), hash);
}

export function verifyCardPageResponse(fields: CardPageResponse, hash: string, key: string): boolean {
  return sameHash(signCardPageResponse(fields, key), hash);
}
