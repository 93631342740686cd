/**
 * Remote lookups and option sources are declared in the schema and run by the
 * browser (and by the server on submit). These helpers keep their meaning in
 * one place: how an answer is read (URL templates are filled by
 * `placeholders/placeholders.ts`, paths read by `paths/paths.ts`).
 */
import type { LookupDecl } from '../types';
import { applyRule, truthy } from '../logic/operators';
import { FORMATS } from '../validate/formats';
import { resolveRelative, valueAt } from '../paths/paths';

export { sourceItems, sourceLabel, sourceValue } from './sources';

export interface LookupOutcome {
  valid: boolean;
  /** Target path -> value to set (only when valid). */
  fills: Record<string, unknown>;
  /** Target paths to clear (only when invalid). */
  clears: string[];
  /** Field error when invalid. */
  error: string | null;
}

/** Reads a lookup answer (`status` 0 when the call failed) the way the schema declares. */
export function interpretLookup(decl: LookupDecl, answer: { status: number; body: unknown }): LookupOutcome {
  const valid = answer.status !== 0 && truthy(applyRule(decl.valid, answer));
  const fills: Record<string, unknown> = {};
  if (valid) for (const [target, from] of Object.entries(decl.fill ?? {})) fills[target] = valueAt(answer, from) ?? null;
  return { valid, fills, clears: valid ? [] : [...(decl.clearOnInvalid ?? [])], error: valid ? null : decl.invalidError };
}

/** Whether a value triggers a lookup: its length reached (`length`), or any non-blank text (`pauseMs`, after the pause). */
export function lookupDue(trigger: LookupDecl['trigger'], text: string): boolean {
  return 'length' in trigger ? text.length >= trigger.length : text.trim() !== '';
}

/**
 * True when the field's format (e.g. `cedula`: check digit) rejects the value:
 * the registry is not asked, its answer could only be "invalid".
 */
export function failsFormat(format: string | undefined, text: string): boolean {
  const def = format ? FORMATS[format] : undefined;
  return def !== undefined && !def.validate(text);
}

/** The outcome of a value its format rejected: invalid, clearing what an invalid answer clears. */
export function formatInvalid(decl: LookupDecl): LookupOutcome {
  return { valid: false, fills: {}, clears: [...(decl.clearOnInvalid ?? [])], error: decl.invalidError };
}

/**
 * The data changes of an outcome for the field at `fieldPath`: targets
 * resolved (`fila.x` is the same row), a value the answer lacks (null) and
 * every cleared target become undefined (removed).
 */
export function lookupChanges(outcome: LookupOutcome, fieldPath: string): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [target, value] of Object.entries(outcome.fills)) changes[resolveRelative(target, fieldPath)] = value === null ? undefined : value;
  for (const target of outcome.clears) changes[resolveRelative(target, fieldPath)] = undefined;
  return changes;
}
