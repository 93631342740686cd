/**
 * Dates and times as the portal shows them, on every page, citizen's and
 * staff's: Spanish of the Dominican Republic and Santo Domingo's time, whatever
 * the device's zone (a phone set to another zone, a test browser in UTC).
 */
const ZONE = 'America/Santo_Domingo';
const WHEN = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE });
const WHEN_LONG = new Intl.DateTimeFormat('es-DO', { dateStyle: 'long', timeStyle: 'short', timeZone: ZONE });
const DAY = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeZone: ZONE });

/** "24 nov 2026, 3:27 p. m." */
export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));
/** "24 de noviembre de 2026, 3:27 p. m." (lists where the date is the subject, e.g. notifications). */
export const formatWhenLong = (iso: string): string => WHEN_LONG.format(new Date(iso));
/** "24 nov 2026" */
export const formatDay = (iso: string): string => DAY.format(new Date(iso));
