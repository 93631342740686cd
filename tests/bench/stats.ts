/** Small statistics helpers for the benchmark printout. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx];
}

export function summarize(samples: number[]): { median: number; p95: number; p99: number; min: number; max: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { median: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), min: s[0], max: s[s.length - 1] };
}

export const ms = (n: number): string => `${n.toFixed(3)} ms`;

/** The verdict printed after a figure and its budget: ✓ within it, ✗ outside. */
export const verdict = (ok: boolean): string => (ok ? '✓' : '✗');
