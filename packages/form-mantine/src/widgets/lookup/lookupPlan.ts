/**
 * The pure half of `x-lookup`: when a typed value triggers a call, whether the
 * value fails its format locally (no call then), and which data changes an
 * outcome makes.
 */
import { FORMATS, type LookupDecl, type LookupOutcome } from '@portal/form-engine';
import { resolveRelative } from '../../data/paths';

/** Milliseconds to wait before calling, or null when the value does not trigger the lookup. */
export function lookupDelay(trigger: LookupDecl['trigger'], text: string): number | null {
  if ('length' in trigger) return text.length >= trigger.length ? 0 : null;
  return text.trim() === '' ? null : trigger.pauseMs;
}

/**
 * True when the field's format (e.g. `cedula`: check digit) rejects the value,
 * so the registry is not asked: the answer could only be "invalid".
 */
export function failsLocalFormat(format: string | undefined, text: string): boolean {
  const def = format ? FORMATS[format] : undefined;
  return def !== undefined && !def.validate(text);
}

/** The outcome of a value the format rejected: invalid, clearing what an invalid answer clears. */
export function localInvalid(decl: LookupDecl): LookupOutcome {
  return { valid: false, fills: {}, clears: [...(decl.clearOnInvalid ?? [])], error: decl.invalidError };
}

/** Data changes of an outcome, targets resolved from the field (`fila.x` -> same row); null answers clear. */
export function outcomeChanges(outcome: LookupOutcome, fieldPath: string): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [target, value] of Object.entries(outcome.fills)) {
    changes[resolveRelative(target, fieldPath)] = value === null ? undefined : value;
  }
  for (const target of outcome.clears) changes[resolveRelative(target, fieldPath)] = undefined;
  return changes;
}
