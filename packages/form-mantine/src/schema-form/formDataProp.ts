/**
 * Which `formData` prop to hand RJSF. Widgets read and write their values
 * through the store (see useField), so RJSF only lays out fields and grid
 * rows. Whenever its `formData` prop changes value RJSF recomputes its whole
 * state (schema retrieval, defaults) for the step, so it gets new data only
 * when what it lays out changes: the number of rows of a grid. Otherwise it
 * keeps the previous prop and does no work on a keystroke.
 */
const NONE = Symbol('none');

/** Same rows everywhere: arrays of equal length whose items have the same shape, at every depth. */
export function sameShape(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const aArr = Array.isArray(a);
  const bArr = Array.isArray(b);
  if (aArr || bArr) {
    const la = aArr ? (a as unknown[]).length : 0;
    const lb = bArr ? (b as unknown[]).length : 0;
    if (la !== lb) return false;
    for (let i = 0; i < la; i++) if (!sameShape((a as unknown[])[i], (b as unknown[])[i])) return false;
    return true;
  }
  const aObj = typeof a === 'object' && a !== null;
  const bObj = typeof b === 'object' && b !== null;
  if (!aObj && !bObj) return true;
  const ra = (aObj ? a : {}) as Record<string, unknown>;
  const rb = (bObj ? b : {}) as Record<string, unknown>;
  for (const k of Object.keys(ra)) if (!sameShape(ra[k], rb[k])) return false;
  for (const k of Object.keys(rb)) if (!(k in ra) && !sameShape(undefined, rb[k])) return false;
  return true;
}

export class FormDataProp {
  private passed: unknown = NONE;

  /** The prop for the app's current step data. */
  propFor(stepData: unknown): unknown {
    if (this.passed !== NONE && sameShape(stepData, this.passed)) return this.passed;
    this.passed = stepData;
    return stepData;
  }
}
