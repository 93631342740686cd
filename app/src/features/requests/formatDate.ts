/** A date and time as the citizen reads them (es-DO): "24/11/2026, 3:35 p. m.". */
export function formatDate(value: string): string {
  return new Date(value).toLocaleString('es-DO', { dateStyle: 'short', timeStyle: 'short' });
}
