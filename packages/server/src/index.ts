/** Public API of the portal server package. */
export { buildApp, type AppOverrides } from './app';
export { loadConfig, ConfigError, PRODUCTION_ARGON2, type Config, type AgencyConfig } from './config';
export { createDb } from './db/createDb';
export type { Db, Queryable } from './db/Db';
export { migrate } from './db/migrate';
export type { Agencies, JceAgency, OnapiAgency, DgiiAgency, InapaAgency } from './agencies/types';
export * as sandboxData from './agencies/sandbox/sandboxData';
export { HttpError } from './http/HttpError';
