/** Shown when a document thumbnail cannot load (and for documents that are not images): a page with a folded corner. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="6" fill="#e9ecef"/><path d="M15 9h13l9 9v21a2 2 0 0 1-2 2H15a2 2 0 0 1-2-2V11a2 2 0 0 1 2-2z" fill="#fff" stroke="#868e96" stroke-width="2"/><path d="M28 9v9h9" fill="none" stroke="#868e96" stroke-width="2"/><path d="M18 26h12M18 31h12M18 36h8" stroke="#adb5bd" stroke-width="2"/></svg>`;

export const DEFAULT_DOCUMENT_IMAGE = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
