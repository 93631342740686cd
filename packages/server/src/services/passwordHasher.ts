import { availableParallelism } from 'node:os';
import { argon2id, hash, verify } from 'argon2';
import type { Argon2Cost } from '../config';
import { HttpError } from '../http/HttpError';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * False for a wrong password or a malformed stored hash; never throws for those.
   * `priority`: the attempt comes from a browser the account trusts (its owner's): it goes
   * ahead of waiting work and, when the queue is full, takes the place of the newest ordinary waiter.
   */
  verify(passwordHash: string, password: string, options?: { priority?: boolean }): Promise<boolean>;
  /** Burns the same time as a real verification (for unknown accounts, against timing probes). */
  verifyDummy(password: string): Promise<void>;
}

export const HASHER_BUSY = 'El servicio está ocupado; intente de nuevo en unos segundos';

/** How many argon2 computations run at once, and how many may wait for a turn. */
export interface HashSlots {
  concurrent: number;
  queue: number;
}

/** One core is left to the event loop: the rest of the API keeps answering during a flood of logins. */
export const DEFAULT_HASH_SLOTS: HashSlots = { concurrent: Math.max(1, availableParallelism() - 1), queue: 32 };

interface Waiter {
  priority: boolean;
  start: () => void;
  refuse: () => void;
}

/**
 * argon2id at m=19 MiB costs ~40 ms of a core: a flood of logins would keep
 * libuv's threads (shared with file and DNS work) and the CPU busy and make
 * everyone's answers wait. At most `concurrent` hashes run at once; up to
 * `queue` wait their turn; beyond that the caller gets 503 at once instead of
 * a slow answer. The owner's own browser (priority) goes first and, when the
 * queue is full, displaces the newest ordinary waiter.
 */
function createSlots({ concurrent, queue }: HashSlots) {
  let running = 0;
  const waiting: Waiter[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next.start();
    else running--;
  };
  const enqueue = (priority: boolean) =>
    new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { priority, start: resolve, refuse: () => reject(new HttpError(503, HASHER_BUSY)) };
      if (waiting.length >= queue) {
        const victim = priority ? waiting.findLastIndex((w) => !w.priority) : -1;
        if (victim === -1) return waiter.refuse();
        waiting.splice(victim, 1)[0].refuse();
      }
      if (priority) {
        const firstOrdinary = waiting.findIndex((w) => !w.priority);
        waiting.splice(firstOrdinary === -1 ? waiting.length : firstOrdinary, 0, waiter);
      } else {
        waiting.push(waiter);
      }
    });
  return async <T>(work: () => Promise<T>, priority = false): Promise<T> => {
    if (running >= concurrent) await enqueue(priority);
    else running++;
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/** argon2id hasher with the configured cost and a bound on concurrent hashes. */
export function createPasswordHasher(cost: Argon2Cost, slots: HashSlots = DEFAULT_HASH_SLOTS): PasswordHasher {
  const options = { type: argon2id, ...cost } as const;
  const inSlot = createSlots(slots);
  let dummy: Promise<string> | null = null;
  const check = async (passwordHash: string, password: string, priority = false) => {
    try {
      return await inSlot(() => verify(passwordHash, password), priority);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return false;
    }
  };
  return {
    hash: (password) => inSlot(() => hash(password, options)),
    verify: (passwordHash, password, options) => check(passwordHash, password, options?.priority ?? false),
    async verifyDummy(password) {
      dummy ??= hash('contraseña-ficticia-para-tiempo-constante', options);
      await check(await dummy, password);
    },
  };
}
