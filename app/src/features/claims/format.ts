const WHEN = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santo_Domingo' });

/** A date and time as the citizen reads it (es-DO, Santo Domingo's time). */
export function formatWhen(iso: string): string {
  return WHEN.format(new Date(iso));
}
