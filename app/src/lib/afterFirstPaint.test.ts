import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, useAfterFirstPaint } from './afterFirstPaint';

afterEach(() => {
  vi.useRealTimers();
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
