/**
 * Amounts in the three currencies of the form, written the Dominican way
 * (es-DO: "RD$ 1,234.50"): the engine's (`@portal/form-engine/format`),
 * re-exported for the app. The currency input's separators are read from Intl
 * once, so they follow the platform's es-DO data, on first use: building the
 * first Intl.NumberFormat loads locale data (tens of milliseconds on a phone),
 * which the home page, importing only formatAmount, should not pay while loading.
 */
export { currencyPrefix, formatAmount } from '@portal/form-engine/format';

function readSeparators(): { group: string; decimal: string } {
  try {
    const parts = new Intl.NumberFormat('es-DO').formatToParts(12345.6);
    return {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
  } catch {
    return { group: ',', decimal: '.' };
  }
}

let separators: { group: string; decimal: string } | undefined;

/** Thousands and decimal separators of es-DO (read once). */
export function esDoSeparators(): { group: string; decimal: string } {
  separators ??= readSeparators();
  return separators;
}
