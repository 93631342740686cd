import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, markPageShown, resetPageShownForTests, useAfterFirstPaint, usePageShownOnceDrawn, whenPageShown } from './afterFirstPaint';

afterEach(() => {
  vi.useRealTimers();
  resetPageShownForTests();
});

describe('afterFirstPaint', () => {
  it('runs the task once the page has loaded and the browser had a moment; cancelled, never', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancelled = vi.fn();
    afterFirstPaint(task);
    afterFirstPaint(cancelled)();
    vi.advanceTimersByTime(5000);
    // jsdom: the document is complete and there is no requestIdleCallback: a timer stands in.
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('waits for the first contentful paint, though the page is loaded and the browser idle', () => {
    vi.useFakeTimers();
    // A browser that records paints: the entry is handed over when the test says the paint happened.
    let deliver: (() => void) | undefined;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
      observe(): void {
        deliver = () => this.callback({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
      }
      disconnect(): void {
        deliver = undefined;
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    try {
      const task = vi.fn();
      afterFirstPaint(task);
      vi.advanceTimersByTime(1000);
      expect(task).not.toHaveBeenCalled();
      deliver?.();
      vi.advanceTimersByTime(1000);
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('useAfterFirstPaint is false on the first render and true after that moment', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useAfterFirstPaint());
    expect(result.current).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current).toBe(true);
  });
});

describe('whenPageShown', () => {
  it('waits for the page to be shown, though painted, loaded and idle; then runs after the next frame; cancelled, never', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancelled = vi.fn();
    whenPageShown(task);
    whenPageShown(cancelled)();
    // First paint (jsdom: the next frame) and a long idle wait, but less than the cap: nothing yet.
    vi.advanceTimersByTime(3000);
    expect(task).not.toHaveBeenCalled();
    markPageShown();
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('a page whose content comes after its code is shown once it says its content is drawn, not when it mounts', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenPageShown(task);
    const { rerender } = renderHook(({ drawn }) => usePageShownOnceDrawn(drawn), { initialProps: { drawn: false } });
    vi.advanceTimersByTime(3000);
    expect(task).not.toHaveBeenCalled();
    rerender({ drawn: true });
    vi.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once (after the next frame) on a later page of the visit', () => {
    vi.useFakeTimers();
    markPageShown();
    const task = vi.fn();
    whenPageShown(task);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway a few seconds after the first paint when no page says it is shown (a page that failed)', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenPageShown(task);
    vi.advanceTimersByTime(4000);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledTimes(1);
    // Shown later: it does not run again.
    markPageShown();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
