import { describe, expect, it } from 'vitest';
import { analyticsAdapter, noAnalytics, ownAnalytics, pageViewPath } from './analytics';

describe('analytics', () => {
  it('chooses the adapter by the configured name; an unknown one records nothing', () => {
    expect(analyticsAdapter('propio')).toBe(ownAnalytics);
    expect(analyticsAdapter('ninguno')).toBe(noAnalytics);
    expect(analyticsAdapter('otro')).toBe(noAnalytics);
    expect(analyticsAdapter('toString')).toBe(noAnalytics);
  });

  it('records the path only', () => {
    expect(pageViewPath('/servicios?q=1#x')).toBe('/servicios');
    expect(pageViewPath('/')).toBe('/');
  });
});
