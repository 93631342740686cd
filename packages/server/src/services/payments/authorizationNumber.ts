import { randomInt } from 'node:crypto';
import { AUTHORIZATION_CODE_LENGTH } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';

/** 11 random digits from the CSPRNG (a leading zero is allowed: it is a code, not a number). */
export function randomAuthorizationNumber(): string {
  let code = '';
  for (let i = 0; i < AUTHORIZATION_CODE_LENGTH; i += 1) code += String(randomInt(10));
  return code;
}

/**
 * An authorization number no row of `request_items.no_autorizacion` or
 * `payment_codes.code` holds yet (both columns are also unique in the
 * database, the last guard). 10^11 values: a collision is rare, retried.
 */
export async function unusedAuthorizationNumber(db: Queryable): Promise<string> {
  for (;;) {
    const code = randomAuthorizationNumber();
    const { rows } = await db.query<{ taken: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM request_items WHERE no_autorizacion = $1) OR EXISTS (SELECT 1 FROM payment_codes WHERE code = $1) AS taken',
      [code],
    );
    if (!rows[0].taken) return code;
  }
}
