/**
 * What one field shows, derived from the engine's evaluation and the error
 * sources. Pure, so the rules of precedence are unit-tested.
 */
import type { Evaluation } from '@portal/form-engine';
import { isRowIndex } from '@portal/form-engine';
import { splitPath } from '../data/paths';

export interface FieldView {
  visible: boolean;
  required: boolean;
  disabled: boolean;
  /** The one error shown for the field, if any. */
  error?: string;
  warnings: readonly string[];
  /** Allowed option values (`x-options`), when the rules restrict them. */
  options?: readonly unknown[];
  /** Resolved `x-min` / `x-max`. */
  min?: unknown;
  max?: unknown;
}

/** The error sources, in order of precedence. */
export interface ErrorSources {
  /** An async lookup said the current value is invalid. */
  lookup?: string;
  /** Errors handed in by the app (after "Siguiente", or a 422 from the server), until the field is edited. */
  given?: string;
  /** The engine's live validation; shown when the field was touched or all errors are shown. */
  live?: string;
  showLive: boolean;
}

const NO_WARNINGS: readonly string[] = [];

/** Whether a path is visible: rows follow their grid, the root always shows, no evaluation shows everything. */
export function isVisible(evaluation: Evaluation | null, path: string): boolean {
  if (evaluation === null || path === '') return true;
  if (evaluation.visible.has(path)) return true;
  const segs = splitPath(path);
  // Grid rows are not listed by the engine; a row shows while its grid does.
  if (isRowIndex(segs[segs.length - 1])) return isVisible(evaluation, segs.slice(0, -1).join('.'));
  return false;
}

export function computeFieldView(
  evaluation: Evaluation | null,
  warnings: ReadonlyMap<string, readonly string[]>,
  path: string,
  errors: ErrorSources,
): FieldView {
  const visible = isVisible(evaluation, path);
  if (!visible || evaluation === null) return { visible, required: false, disabled: false, warnings: NO_WARNINGS };
  const limits = evaluation.limits[path];
  return {
    visible,
    required: evaluation.required.has(path),
    disabled: evaluation.disabled.has(path),
    error: errors.lookup ?? errors.given ?? (errors.showLive ? errors.live : undefined),
    warnings: warnings.get(path) ?? NO_WARNINGS,
    options: evaluation.options[path],
    min: limits?.min,
    max: limits?.max,
  };
}

function sameList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((v, i) => v === b[i]);
}

/** Field views are compared member by member, so a re-evaluation that changes nothing for a field does not re-render it. */
export function sameView(a: FieldView, b: FieldView): boolean {
  return a.visible === b.visible && a.required === b.required && a.disabled === b.disabled && a.error === b.error
    && a.min === b.min && a.max === b.max && sameList(a.warnings, b.warnings) && sameList(a.options, b.options);
}
