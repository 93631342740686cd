/**
 * The structural part of validation (types, formats, lengths, ranges, option
 * lists) is plain JSON Schema: we derive a schema without the dialect's
 * keywords, compile it with AJV once per form, and map its errors to paths.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FormNode } from '../types';
import { FORMATS } from './formats';

export interface StructuralError {
  path: string;
  keyword: string;
  params: Record<string, unknown>;
}

export type StructuralValidator = (data: unknown) => StructuralError[];

const STRUCTURAL_KEYWORDS = [
  'type', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'maxItems', 'minItems', 'multipleOf',
] as const;

let ajv: Ajv | null = null;

function sharedAjv(): Ajv {
  if (ajv) return ajv;
  ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true, code: { regExp: unicodeRegExp } });
  // Standard formats (uri, date-time, uuid, ...) for analysts; ours replace the few that share a name.
  addFormats(ajv);
  for (const [name, def] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate: def.validate });
  return ajv;
}

/** Patterns are compiled with the `u` flag so analysts may write `\p{L}`. */
function unicodeRegExp(pattern: string, flags: string): RegExp {
  return new RegExp(pattern, flags.includes('u') ? flags : `${flags}u`);
}
unicodeRegExp.code = 'new RegExp';

/** The JSON Schema AJV sees for a form node: structure only, options as `enum`. */
export function structuralSchema(node: FormNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of STRUCTURAL_KEYWORDS) if (node[k] !== undefined) out[k] = node[k];
  if (Array.isArray(node.oneOf)) out.enum = node.oneOf.map((o) => o.const);
  else if (Array.isArray(node.enum)) out.enum = node.enum;
  if (node.properties) {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, structuralSchema(v)]));
  }
  if (node.items && !Array.isArray(node.items)) out.items = structuralSchema(node.items);
  return out;
}

function toDotPath(instancePath: string): string {
  if (instancePath === '') return '';
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function compileStructuralValidator(form: FormNode): StructuralValidator {
  const validate: ValidateFunction = sharedAjv().compile(structuralSchema(form));
  return (data) => {
    if (validate(data)) return [];
    return (validate.errors ?? []).map((e) => ({
      path: toDotPath(e.instancePath),
      keyword: e.keyword,
      params: e.params as Record<string, unknown>,
    }));
  };
}
