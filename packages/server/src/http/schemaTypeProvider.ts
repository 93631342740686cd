import type { FastifyTypeProvider } from 'fastify';
import type { FromSchema } from '@portal/api-contract';

/*
 * Route types derived from the route JSON schemas (declared `as const`), so the
 * schema stays the single source of validation, serialization, OpenAPI and
 * TypeScript types. FromSchema lives in @portal/api-contract, which the app
 * reads too.
 */

export type { FromSchema } from '@portal/api-contract';

/** Fastify type provider reading request and reply types from the route schemas. */
export interface SchemaTypeProvider extends FastifyTypeProvider {
  validator: FromSchema<this['schema']>;
  serializer: FromSchema<this['schema']>;
}
