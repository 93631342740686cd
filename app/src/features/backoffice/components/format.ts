/** Dates and amounts as the back office shows them (Dominican time). */
import { formatAmount } from '@portal/form-mantine/currency';

import { formatDay, formatWhen } from '../../../lib/dates';

/** 24 nov 2026, 3:27 a. m. */
export const when = formatWhen;
/** 24 nov 2026 */
export const day = formatDay;
/** RD$1,500.00 */
export const amount = (value: number, currency = 'DOP'): string => formatAmount(value, currency);
/** 40229183641 → 402-2918364-1 */
export const cedula = (digits: string): string => (/^\d{11}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 10)}-${digits.slice(10)}` : digits);
