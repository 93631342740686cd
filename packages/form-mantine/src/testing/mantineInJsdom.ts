/**
 * What Mantine measures with and jsdom lacks (as Mantine's testing guide does): media queries, resize
 * observers, scrolling into view and font-load events (the autosize textarea). For the components' tests
 * in jsdom; each call only fills what is missing.
 */
export function installMantineJsdomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {},
    addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }) as MediaQueryList);
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
  }
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}
