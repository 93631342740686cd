import type { AgencyConfig } from '../config';
import type { Queryable } from '../db/Db';
import { createHttpAgencies } from './http/createHttpAgencies';
import { createSandboxAgencies } from './sandbox/createSandboxAgencies';
import type { Agencies } from './types';

/** The configured agency adapters: sandbox (seeded tables) or HTTP gateway. */
export function createAgencies(config: AgencyConfig, db: Queryable): Agencies {
  return config.mode === 'sandbox' ? createSandboxAgencies(db) : createHttpAgencies(config);
}
