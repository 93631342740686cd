/**
 * The pure half of `x-lookup` while the citizen types: when a typed value
 * triggers a call, whether the value fails its format locally (no call then),
 * and which data changes an outcome makes. The rules are the engine's, shared
 * with the re-check of a loaded draft and with the server's submit.
 */
import { failsFormat, formatInvalid, lookupChanges, lookupDue, type LookupDecl, type LookupOutcome } from '@portal/form-engine';

/** Milliseconds to wait before calling, or null when the value does not trigger the lookup. */
export function lookupDelay(trigger: LookupDecl['trigger'], text: string): number | null {
  if (!lookupDue(trigger, text)) return null;
  return 'length' in trigger ? 0 : trigger.pauseMs;
}

/** True when the field's format (e.g. `cedula`: check digit) rejects the value, so the registry is not asked. */
export const failsLocalFormat = (format: string | undefined, text: string): boolean => failsFormat(format, text);

/** The outcome of a value the format rejected: invalid, clearing what an invalid answer clears. */
export const localInvalid = (decl: LookupDecl): LookupOutcome => formatInvalid(decl);

/** Data changes of an outcome, targets resolved from the field (`fila.x` -> same row); null answers clear. */
export const outcomeChanges = (outcome: LookupOutcome, fieldPath: string): Record<string, unknown> => lookupChanges(outcome, fieldPath);
