/**
 * Amounts in the three currencies of the form, written the Dominican way
 * (es-DO: "RD$ 1,234.50"). The separators are read from Intl once, so they
 * follow the platform's es-DO data, on first use: building the first
 * Intl.NumberFormat loads locale data (tens of milliseconds on a phone), which
 * the home page, importing only formatAmount, should not pay while loading.
 */

/** Symbol prefix of a currency code; DOP when the code is missing or unknown. */
export function currencyPrefix(code: unknown): string {
  switch (code) {
    case 'USD': return 'US$ ';
    case 'EUR': return '€ ';
    default: return 'RD$ ';
  }
}

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

/** An amount as the currency input shows it: `RD$ 1,234.50`. */
export function formatAmount(amount: number, code: unknown): string {
  const text = new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${currencyPrefix(code)}${text}`;
}
