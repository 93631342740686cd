/**
 * fast-check arbitraries from a JSON schema: mostly values of the declared
 * shape (so requests reach the handlers), mixed with edge values and wrong
 * types at every level, extra keys and "__proto__" in every object.
 */
import fc from 'fast-check';
import { anyEdge, edgeString, Entries, EXTRA_KEYS, numericEdge, numericText, type Fuzzed } from './edgeValues';

export type Schema = Record<string, any>;

const MAX_DEPTH = 6;

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : []);

/** Plain strings that fit a string schema (pattern, format, length), before edges are mixed in. */
function fittingString(schema: Schema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 60) })];
  if (typeof schema.pattern === 'string') options.push(fc.stringMatching(new RegExp(schema.pattern)));
  if (schema.format === 'date') options.push(fc.constantFrom('2026-01-15', '1990-02-29', '2026-13-01', '0000-00-00'));
  if (schema.format === 'email') options.push(fc.constantFrom('ana@example.com', 'a@b', 'ana@ejemplo.do'));
  return fc.oneof(...options);
}

function fittingNumber(schema: Schema, integer: boolean): fc.Arbitrary<Fuzzed> {
  const min = typeof schema.minimum === 'number' ? Math.max(schema.minimum, -1e6) : -1000;
  const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1e6) : 1000;
  const inRange = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
  return fc.oneof(inRange, fc.integer({ min: 1, max: 20 }), numericEdge, numericText);
}

function fittingObject(schema: Schema, depth: number): fc.Arbitrary<Fuzzed> {
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required : []);
  const props = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const fields = props.map(([key, sub]) =>
    fc.tuple(fc.constant(key), fc.integer({ min: 0, max: 9 }), valueFor(sub, depth + 1)).map(([k, roll, v]): [string, Fuzzed] | null =>
      roll < (required.has(k) ? 9 : 6) ? [k, v] : null,
    ),
  );
  const extras = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })), anyEdge), { maxLength: 2 });
  return fc.tuple(fc.tuple(...fields), fc.integer({ min: 0, max: 4 }), extras).map(([entries, roll, extra]) => {
    const own = entries.filter((e): e is [string, Fuzzed] => e !== null);
    return new Entries(roll === 0 ? [...own, ...extra] : own);
  });
}

/** A value of the schema's shape, without edges at the top (they come from valueFor). */
function fitting(schema: Schema | undefined, depth: number): fc.Arbitrary<Fuzzed> {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Fuzzed>;
  if ('const' in schema) return fc.constant(schema.const as Fuzzed);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...(schema.enum as Fuzzed[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => fitting({ ...schema, oneOf: undefined, anyOf: undefined, ...s }, depth)));
  const options: fc.Arbitrary<Fuzzed>[] = [];
  for (const type of typesOf(schema)) {
    if (type === 'string') options.push(fittingString(schema));
    else if (type === 'integer' || type === 'number') options.push(fittingNumber(schema, type === 'integer'));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
    else if (type === 'array') options.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }));
    else if (type === 'object') options.push(fittingObject(schema, depth));
  }
  if (options.length === 0 && schema.properties) options.push(fittingObject(schema, depth));
  return options.length > 0 ? fc.oneof(...options) : (fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Fuzzed>);
}

const cache = new WeakMap<Schema, fc.Arbitrary<Fuzzed>>();

/** A value for the schema: mostly of its shape, sometimes an edge value or another type. */
export function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<Fuzzed> {
  const cached = schema && depth === 0 ? cache.get(schema) : undefined;
  if (cached) return cached;
  const arbitrary = fc.oneof({ weight: 8, arbitrary: fitting(schema, depth) }, { weight: 2, arbitrary: anyEdge });
  if (schema && depth === 0) cache.set(schema, arbitrary);
  return arbitrary;
}

/** The text of a path or query parameter: numeric edges for numbers, edge strings for text, or what the schema expects. */
export function textFor(schema: Schema | undefined): fc.Arbitrary<Fuzzed> {
  const numeric = schema && typesOf(schema).some((t) => t === 'integer' || t === 'number');
  return fc.oneof(
    { weight: 4, arbitrary: fitting(schema, MAX_DEPTH) },
    { weight: numeric ? 4 : 1, arbitrary: numericText },
    { weight: numeric ? 1 : 4, arbitrary: edgeString },
  );
}
