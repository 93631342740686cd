import { describe, expect, it, vi } from 'vitest';
import { createPointerTracker } from './pointerRelease';

describe('createPointerTracker', () => {
  it('runs at once while nothing is pressed', () => {
    const tracker = createPointerTracker(new EventTarget());
    const fn = vi.fn();
    tracker.afterRelease(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits for the release of a press, and for the click that follows it', async () => {
    vi.useFakeTimers();
    try {
      const target = new EventTarget();
      const tracker = createPointerTracker(target);
      const fn = vi.fn();
      target.dispatchEvent(new Event('pointerdown'));
      tracker.afterRelease(fn);
      expect(fn).not.toHaveBeenCalled();
      target.dispatchEvent(new Event('pointerup'));
      expect(fn).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(fn).toHaveBeenCalledTimes(1);
      // A cancelled press releases too.
      target.dispatchEvent(new Event('pointerdown'));
      tracker.afterRelease(fn);
      target.dispatchEvent(new Event('pointercancel'));
      vi.runAllTimers();
      expect(fn).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without a page (server rendering) runs at once', () => {
    const fn = vi.fn();
    createPointerTracker(null).afterRelease(fn);
    expect(fn).toHaveBeenCalledOnce();
  });
});
