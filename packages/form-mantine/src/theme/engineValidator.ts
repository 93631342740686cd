/**
 * The validator RJSF requires. Messages never come from RJSF: the engine
 * validates (SchemaForm passes `noValidate`), so `validateFormData` reports
 * nothing. RJSF still calls `isValid` to match `oneOf` options while
 * computing defaults; the dialect's `oneOf` lists hold only `const` options,
 * which this checks directly, without compiling schemas (no AJV instance, no
 * `unsafe-eval`).
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { deepEquals } from '@rjsf/utils';

function typeMatches(type: unknown, data: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => {
    switch (t) {
      case 'string': return typeof data === 'string';
      case 'number': return typeof data === 'number';
      case 'integer': return Number.isInteger(data);
      case 'boolean': return typeof data === 'boolean';
      case 'null': return data === null;
      case 'array': return Array.isArray(data);
      case 'object': return typeof data === 'object' && data !== null && !Array.isArray(data);
      default: return true;
    }
  });
}

/** Whether data satisfies the subset of JSON Schema RJSF asks about: `const`, `enum`, `type`, nested `properties`. */
export function matchesSchema(schema: RJSFSchema | boolean, data: unknown): boolean {
  if (typeof schema === 'boolean') return schema;
  if ('const' in schema && !deepEquals(schema.const, data)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => deepEquals(v, data))) return false;
  if (schema.type !== undefined && data !== undefined && !typeMatches(schema.type, data)) return false;
  if (schema.properties && typeof data === 'object' && data !== null && !Array.isArray(data)) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      const value = (data as Record<string, unknown>)[key];
      if (value !== undefined && !matchesSchema(sub as RJSFSchema | boolean, value)) return false;
    }
  }
  return true;
}

export const engineValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: (schema, formData) => matchesSchema(schema, formData),
  rawValidation: () => ({ errors: [] }),
};
