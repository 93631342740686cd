/*
 * Types derived from JSON schemas declared `as const`, so a route's schema stays
 * the single source of validation, serialization, OpenAPI and TypeScript types,
 * on the server and in the app alike. Covers the subset of JSON Schema the
 * routes use: type (also as a list, e.g. ['string', 'null']), const, enum,
 * properties, required, items.
 */

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type RequiredKeys<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;

type FromObject<S> = S extends { readonly properties: infer P }
  ? Simplify<
      { -readonly [K in keyof P as K extends RequiredKeys<S> ? K : never]: FromSchema<P[K]> } & {
        -readonly [K in keyof P as K extends RequiredKeys<S> ? never : K]?: FromSchema<P[K]>;
      }
    >
  : Record<string, unknown>;

type FromType<T, S> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'array'
          ? S extends { readonly items: infer I }
            ? FromSchema<I>[]
            : unknown[]
          : T extends 'object'
            ? FromObject<S>
            : unknown;

/** TypeScript type of the values a JSON schema accepts. */
export type FromSchema<S> = S extends { readonly const: infer C }
  ? C
  : S extends { readonly enum: readonly (infer E)[] }
    ? E
    : S extends { readonly type: readonly (infer T)[] }
      ? FromType<T, S>
      : S extends { readonly type: infer T }
        ? FromType<T, S>
        : unknown;
