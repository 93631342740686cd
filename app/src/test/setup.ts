/**
 * jsdom lacks what Mantine measures with (matchMedia, ResizeObserver,
 * scrollIntoView): minimal stand-ins, as Mantine's testing guide does. The DOM
 * is emptied after each test (Testing Library's cleanup).
 */
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

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
