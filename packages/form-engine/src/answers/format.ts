/**
 * How the dialect writes a value for people, the Dominican way (es-DO):
 * amounts (`RD$ 1,234.50`), numbers, dates (dd/mm/aaaa) and input masks
 * (`x-mask`). A leaf module with no imports, exported apart as
 * `@portal/form-engine/format`: the renderer's inputs and the app's pages
 * import it without the rest of the engine.
 */

/** Symbol prefix of a currency code; DOP when the code is missing or unknown. */
export function currencyPrefix(code: unknown): string {
  switch (code) {
    case 'USD': return 'US$ ';
    case 'EUR': return '€ ';
    default: return 'RD$ ';
  }
}

/** The currency a prefix stands for: USD, EUR, or DOP for anything else. */
export function currencyCode(code: unknown): 'DOP' | 'USD' | 'EUR' {
  return code === 'USD' || code === 'EUR' ? code : 'DOP';
}

/** An amount as the currency input shows it: `RD$ 1,234.50`. */
export function formatAmount(amount: number, code: unknown): string {
  const text = new Intl.NumberFormat('es-DO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  return `${currencyPrefix(code)}${text}`;
}

/** A number as people read it: thousands grouped, at most two decimals (`1,234.5`). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('es-DO', { maximumFractionDigits: 2 }).format(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` date as `DD/MM/YYYY`; null for any other text. */
export function formatIsoDate(value: string): string | null {
  return ISO_DATE.test(value) ? value.split('-').reverse().join('/') : null;
}

/** Digits of any text (what the form stores for a masked field). */
export function unmask(text: string): string {
  return text.replace(/\D/g, '');
}

/** How many digits a mask holds (the `#` count). */
export function maskDigits(mask: string): number {
  let n = 0;
  for (const ch of mask) if (ch === '#') n++;
  return n;
}

/**
 * Formats digits with a mask (`#` is a digit, every other character a
 * literal) as far as the digits go: a literal is written only when a digit
 * follows it, so `applyMask('8095', '(###) ###-####')` is `(809) 5`. Extra
 * digits beyond the mask are dropped; non-digits are ignored.
 */
export function applyMask(digits: string, mask: string): string {
  const clean = unmask(digits);
  let out = '';
  let next = 0;
  let pending = '';
  for (const ch of mask) {
    if (next >= clean.length) break;
    if (ch === '#') {
      out += pending + clean[next++];
      pending = '';
    } else {
      pending += ch;
    }
  }
  return out;
}
