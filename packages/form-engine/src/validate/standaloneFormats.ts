/**
 * What precompiled (standalone) validators need at run time in the browser:
 * our format definitions and Ajv's small run-time helpers. Shared with the
 * run-time compiler, so both validate formats alike.
 */
import { FORMATS } from './formats';

/** Our formats as Ajv format definitions. */
export const OWN_FORMAT_DEFS: Record<string, { type: 'string'; validate: (value: string) => boolean }> = Object.fromEntries(
  Object.entries(FORMATS).map(([name, def]) => [name, { type: 'string' as const, validate: def.validate }]),
);

/** Length in code points, as Ajv counts for minLength/maxLength. */
function ucs2length(str: string): number {
  let length = 0;
  for (const _ of str) length++;
  return length;
}

/** Ajv run-time helpers referenced by generated code (`require("ajv/dist/runtime/<name>")`). */
export const standaloneRuntime: Record<string, unknown> = { ucs2length };

/** Where a published form version's validators module (fetched from the portal at run time) finds the above. */
export const PUBLISHED_RUNTIME_GLOBAL = '__portalFormRuntime';

/** Makes the formats and helpers available to published validators modules; call before importing one. */
export function installPublishedFormRuntime(): void {
  (globalThis as Record<string, unknown>)[PUBLISHED_RUNTIME_GLOBAL] = { OWN_FORMAT_DEFS, standaloneRuntime };
}
