import { argon2id, hash, verify } from 'argon2';
import type { Argon2Cost } from '../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed stored hash; never throws for those. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Burns the same time as a real verification (for unknown accounts, against timing probes). */
  verifyDummy(password: string): Promise<void>;
}

/** argon2id hasher with the configured cost. */
export function createPasswordHasher(cost: Argon2Cost): PasswordHasher {
  const options = { type: argon2id, ...cost } as const;
  let dummy: Promise<string> | null = null;
  const check = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: check,
    async verifyDummy(password) {
      dummy ??= hash('contraseña-ficticia-para-tiempo-constante', options);
      await check(await dummy, password);
    },
  };
}
