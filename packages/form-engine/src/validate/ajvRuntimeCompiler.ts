/**
 * Compiles a structural schema with Ajv at run time (the server, tests, the CLI).
 * The browser build replaces this module with noRuntimeCompiler.ts and uses the
 * validators precompiled at build time instead (no `new Function`, smaller bundle).
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { OWN_FORMAT_DEFS } from './standaloneFormats';

let ajv: Ajv | null = null;

/** Patterns are compiled with the `u` flag so analysts may write `\p{L}`. */
function unicodeRegExp(pattern: string, flags: string): RegExp {
  return new RegExp(pattern, flags.includes('u') ? flags : `${flags}u`);
}
unicodeRegExp.code = 'new RegExp';

export function createAjv(options: ConstructorParameters<typeof Ajv>[0] = {}): Ajv {
  const instance = new Ajv({ allErrors: true, strict: false, validateFormats: true, ...options, code: { regExp: unicodeRegExp, ...options.code } });
  // Standard formats (uri, date-time, uuid, ...) for analysts; ours replace the few that share a name.
  addFormats(instance);
  for (const [name, def] of Object.entries(OWN_FORMAT_DEFS)) instance.addFormat(name, def);
  return instance;
}

export function compileWithAjv(schema: Record<string, unknown>): ValidateFunction {
  ajv ??= createAjv();
  return ajv.compile(schema);
}
