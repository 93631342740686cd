import type { AgencyConfig } from '../config';
import type { Queryable } from '../db/Db';
import { createHttpAgencies } from './http/createHttpAgencies';
import { createSandboxAgencies } from './sandbox/createSandboxAgencies';
import type { Agencies } from './types';
import { withLookupCache } from './withLookupCache';

/** The configured agency adapters: sandbox (seeded tables) or HTTP gateway, behind a one-minute lookup cache. */
export function createAgencies(config: AgencyConfig, db: Queryable): Agencies {
  return withLookupCache(config.mode === 'sandbox' ? createSandboxAgencies(db) : createHttpAgencies(config));
}
