/**
 * Defers work while a mouse button or finger is down. A field shows its error
 * when it loses focus; if the blur comes from pressing a button below it
 * ("Siguiente"), the new message would push that button down between press and
 * release and the browser would drop the click. Revealing the error once the
 * pointer is released (after the click is dispatched) keeps the click.
 */
export interface PointerTracker {
  /** Runs `fn` now, or after the current press is released (and its click has run). */
  afterRelease(fn: () => void): void;
}

export function createPointerTracker(target: EventTarget | null): PointerTracker {
  if (!target) return { afterRelease: (fn) => fn() };
  let pressed = false;
  const waiting: (() => void)[] = [];
  target.addEventListener('pointerdown', () => {
    pressed = true;
  }, true);
  const release = () => {
    pressed = false;
    const due = waiting.splice(0);
    // The click that follows pointerup is dispatched in the same task: run after it.
    if (due.length > 0) setTimeout(() => due.forEach((fn) => fn()), 0);
  };
  target.addEventListener('pointerup', release, true);
  target.addEventListener('pointercancel', release, true);
  return {
    afterRelease(fn) {
      if (pressed) waiting.push(fn);
      else fn();
    },
  };
}

let shared: PointerTracker | undefined;

/** One tracker per page (none on the server). */
export function pagePointerTracker(): PointerTracker {
  shared ??= createPointerTracker(typeof document === 'undefined' ? null : document);
  return shared;
}
