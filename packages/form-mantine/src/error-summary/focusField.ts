/** Moves focus to a field by its DOM id: the element itself when focusable, else the first control inside it (radio groups, file fields). */

const FOCUSABLE = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export function focusField(id: string, doc: Document = document): boolean {
  const el = doc.getElementById(id);
  if (!el) return false;
  const target = el.matches(FOCUSABLE) || el.tabIndex >= 0 || el.getAttribute('tabindex') === '-1' ? el : el.querySelector<HTMLElement>(FOCUSABLE) ?? el;
  target.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
  return true;
}
