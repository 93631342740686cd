/**
 * jsdom lacks what Mantine measures with (matchMedia, ResizeObserver,
 * scrollIntoView): minimal stand-ins, as Mantine's testing guide does. The DOM
 * is emptied after each test (Testing Library's cleanup).
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// waitFor and findBy* give up after 1 s by default: on a loaded 2-core machine (the browser tests
// beside them) a dialog's content or a field's focus can take longer, and the test failed though
// the app was right (seen twice with the load average at 12). The test timeout (30 s) still bounds it.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStandIn {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStandIn }).ResizeObserver = ResizeObserverStandIn;
}

Element.prototype.scrollIntoView ??= function scrollIntoView() {};
