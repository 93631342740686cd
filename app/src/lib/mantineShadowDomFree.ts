/**
 * Mantine's lookups of its own elements (a combobox's options, its selected
 * one), in the browser build, without the walk through every element of the
 * page in search of shadow roots: Mantine's versions, when a selector finds
 * nothing (a closed list, no option selected yet), look at each element of
 * the document for a shadow root to search in, and the collecting one always
 * does. Every select with a value runs one such search when it mounts: on the
 * partners' step ~35 walks through ~5,000 elements, inside the step's first
 * long task. The portal draws no shadow DOM: a plain query finds the same.
 * vite.config.ts swaps this module in for Mantine's find-element-in-shadow-dom.
 */

/** The first element matching `selector` in `root`. */
export function findElementBySelector<T extends Element = Element>(selector: string, root: ParentNode = document): T | null {
  return root.querySelector<T>(selector);
}

/** Every element matching `selector` in `root`, in document order. */
export function findElementsBySelector<T extends Element = Element>(selector: string, root: ParentNode = document): T[] {
  return Array.from(root.querySelectorAll<T>(selector));
}

/** The document or shadow root `target` is in (the document when it is in neither, or not given): as Mantine's. */
export function getRootElement(target: Element | null | undefined): Document | ShadowRoot {
  if (!target) return document;
  const root = target.getRootNode();
  if (root.nodeType === Node.DOCUMENT_NODE) return root as Document;
  if (root.nodeType === Node.DOCUMENT_FRAGMENT_NODE && 'host' in root) return root as ShadowRoot;
  return document;
}
