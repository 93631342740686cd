/**
 * The structural part of validation (types, formats, lengths, ranges, option
 * lists) is plain JSON Schema: we derive a schema without the dialect's
 * keywords, compile it with AJV once per form, and map its errors to paths.
 */
import type { ValidateFunction } from 'ajv';
import { compileWithAjv } from './ajvRuntimeCompiler';
import type { FormNode } from '../types';

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

/** A validator generated ahead of time (Ajv standalone code) for one form, with the fingerprint of the schema it was made from. */
export interface PrecompiledValidator {
  fingerprint: string;
  validate: (data: unknown) => boolean;
}

/** By form id and fingerprint: several versions of one form (a request's own and the current one) live side by side. */
const precompiled = new Map<string, PrecompiledValidator['validate']>();
const precompiledKey = (id: string, fingerprint: string) => `${id}\u0000${fingerprint}`;

/**
 * Registers validators generated at build time (see node/standaloneValidators.ts), so the
 * browser never compiles schemas with `new Function` (strict Content Security Policy). A
 * validator is used only while its fingerprint matches the form; otherwise Ajv compiles.
 */
export function registerPrecompiledValidators(validators: Record<string, PrecompiledValidator>): void {
  for (const [id, v] of Object.entries(validators)) precompiled.set(precompiledKey(id, v.fingerprint), v.validate);
}

/** FNV-1a hash of the structural schema: identifies the schema a generated validator belongs to. */
export function structuralFingerprint(form: FormNode): string {
  const text = JSON.stringify(structuralSchema(form));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${text.length}-${h.toString(16)}`;
}

function validatorFor(form: FormNode): ValidateFunction | PrecompiledValidator['validate'] {
  const id = (form as { $id?: unknown }).$id;
  const pre = typeof id === 'string' ? precompiled.get(precompiledKey(id, structuralFingerprint(form))) : undefined;
  if (pre) return pre;
  return compileWithAjv(structuralSchema(form));
}

export function compileStructuralValidator(form: FormNode): StructuralValidator {
  const validate = validatorFor(form) as ValidateFunction;
  return (data) => {
    if (validate(data)) return [];
    return (validate.errors ?? []).map((e) => ({
      path: toDotPath(e.instancePath),
      keyword: e.keyword,
      params: e.params as Record<string, unknown>,
    }));
  };
}
