/** Date helpers on YYYY-MM-DD strings, timezone-free (UTC arithmetic). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a YYYY-MM-DD string into a UTC timestamp, or null when it is not a real date. */
export function parseIsoDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  // Rejects 2026-02-30 and similar, which Date.UTC silently rolls over.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return t;
}

/** Formats a UTC timestamp as YYYY-MM-DD. */
export function formatIsoDate(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** Adds whole days to a YYYY-MM-DD date; null when the date is invalid. */
export function addDays(date: unknown, days: unknown): string | null {
  const t = parseIsoDate(date);
  const n = Number(days);
  if (t === null || !Number.isFinite(n)) return null;
  return formatIsoDate(t + Math.trunc(n) * 86_400_000);
}

/**
 * Today's date in the Dominican Republic (UTC-4 all year, no daylight saving),
 * so the browser and the server agree whatever the machine's timezone.
 */
export function todayInDominicanRepublic(now: number = Date.now()): string {
  return formatIsoDate(now - 4 * 3_600_000);
}
