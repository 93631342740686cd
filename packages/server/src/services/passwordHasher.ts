import { argon2id, hash, verify } from 'argon2';
import type { Argon2Cost } from '../config';
import { HttpError } from '../http/HttpError';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a malformed stored hash; never throws for those. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Burns the same time as a real verification (for unknown accounts, against timing probes). */
  verifyDummy(password: string): Promise<void>;
}

export const HASHER_BUSY = 'El servicio está ocupado; intente de nuevo en unos segundos';

/** How many argon2 computations run at once, and how many may wait for a turn. */
export interface HashSlots {
  concurrent: number;
  queue: number;
}

/**
 * argon2id at m=19 MiB costs ~40 ms of a core: a flood of logins would keep
 * libuv's threads (shared with file and DNS work) busy and make everyone's
 * answers wait. At most `concurrent` hashes run at once; up to `queue` wait
 * their turn; beyond that the caller gets 503 at once instead of a slow
 * answer, and the rest of the API keeps its threads.
 */
function createSlots({ concurrent, queue }: HashSlots) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= concurrent) {
      if (waiting.length >= queue) throw new HttpError(503, HASHER_BUSY);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/** argon2id hasher with the configured cost and a bound on concurrent hashes. */
export function createPasswordHasher(cost: Argon2Cost, slots: HashSlots = { concurrent: 2, queue: 32 }): PasswordHasher {
  const options = { type: argon2id, ...cost } as const;
  const inSlot = createSlots(slots);
  let dummy: Promise<string> | null = null;
  const check = async (passwordHash: string, password: string) => {
    try {
      return await inSlot(() => verify(passwordHash, password));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return false;
    }
  };
  return {
    hash: (password) => inSlot(() => hash(password, options)),
    verify: check,
    async verifyDummy(password) {
      dummy ??= hash('contraseña-ficticia-para-tiempo-constante', options);
      await check(await dummy, password);
    },
  };
}
