/** Dates and amounts as the back office shows them (Dominican time). */
import { formatAmount } from '@portal/form-mantine/currency';

const WHEN = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Santo_Domingo' });
const DAY = new Intl.DateTimeFormat('es-DO', { dateStyle: 'medium', timeZone: 'America/Santo_Domingo' });

/** 24 nov 2026, 3:27 a. m. */
export const when = (iso: string): string => WHEN.format(new Date(iso));
/** 24 nov 2026 */
export const day = (iso: string): string => DAY.format(new Date(iso));
/** RD$1,500.00 */
export const amount = (value: number, currency = 'DOP'): string => formatAmount(value, currency);
/** 40229183641 → 402-2918364-1 */
export const cedula = (digits: string): string => (/^\d{11}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}` : digits);
