/**
 * Request URLs as written to the log: cédulas, e-mail addresses and the
 * query values that carry them (`dni`, `cedula`, `email`, `to`) are masked,
 * so the log does not become a list of who looked up whom; card numbers and
 * security codes are masked too (ASVS V14: card data never reaches a log,
 * even when a client puts it in a URL).
 *
 * - A card number is any run of 13 to 19 digits that passes the Luhn check,
 *   with spaces, plus signs or dashes between its groups (also written
 *   `%20`, `%2B`, `%2D`), anywhere in a path segment or a query pair, as
 *   sent or once decoded. A longer digit run that holds such a card is masked
 *   whole (`[tarjeta]`): a card glued to other digits is still a card.
 * - A security code is the value of a query parameter whose name, without
 *   case, `_`, `-` or brackets, contains cvv, cvc, csc, securitycode,
 *   codigoseguridad… (`cvv`, `CVC2`, `card[cvv]`, `codigo_seguridad`,
 *   `securityCode`) or is `cid`; card-number parameters (`cardNumber`,
 *   `numero_tarjeta`, `pan`…) are masked whatever their value.
 *
 * {@link redactLogText} applies the same to the URLs inside any logged text
 * (an error's message and stack, a message that quotes the URL): app.ts
 * sends every log line through them.
 */
const PERSONAL_QUERY = new Set(['dni', 'cedula', 'email', 'to']);
/** Parameter names (normalized: lowercase, letters and digits only) whose value is a card's secret. */
const CARD_QUERY = /cvv|cvc|csc|securitycode|codigoseguridad|codigodeseguridad|cardcode|cardnumber|cardno|ccnumber|numerotarjeta|numerodetarjeta|numerodelatarjeta|tarjeta|^pan$|^cid$/;
const CEDULA = /\d{3}-?\d{7}-?\d/g;
/** A run of digits with separators between them (space, +, -, and their URL escapes). */
const DIGIT_RUN = /\d(?:(?:[ +-]|%20|%2[bBdD])*\d)*/g;
const SEPARATORS = /[ +-]|%20|%2[bBdD]/g;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** True when some 13 to 19 consecutive digits of `digits` pass the Luhn check. */
function holdsCard(digits: string): boolean {
  for (let length = 13; length <= Math.min(19, digits.length); length++) {
    for (let start = 0; start + length <= digits.length; start++) {
      if (luhnValid(digits.slice(start, start + length))) return true;
    }
  }
  return false;
}

/** `text` with every digit run that holds a card number replaced by `[tarjeta]`. */
function maskCards(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const digits = run.replace(SEPARATORS, '');
    return digits.length >= 13 && holdsCard(digits) ? '[tarjeta]' : run;
  });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Malformed escapes: the ASCII ones (digits, separators, letters) are decoded one by one.
    return text.replace(/%[0-7][0-9A-Fa-f]/g, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
  }
}

function redactSegment(segment: string): string {
  const decoded = decode(segment);
  if (decoded.includes('@')) return '[correo]';
  // The decoded text is shown only when it hid something; either way the raw text is judged too.
  const shown = maskCards(decoded) !== decoded || decoded.search(CEDULA) !== -1 ? maskCards(decoded).replace(CEDULA, '[cédula]') : segment;
  return maskCards(shown);
}

/** A query parameter's name as {@link CARD_QUERY} reads it. */
const normalizedName = (name: string) => decode(name).toLowerCase().replace(/[^a-z0-9]/g, '');

export function redactLogUrl(url: string): string {
  const mark = url.indexOf('?');
  const pathPart = mark === -1 ? url : url.slice(0, mark);
  const path = pathPart.split('/').map(redactSegment).join('/');
  if (mark === -1) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return redactSegment(pair);
      const rawName = pair.slice(0, eq);
      const name = normalizedName(rawName);
      if (PERSONAL_QUERY.has(name) || CARD_QUERY.test(name)) return `${redactSegment(rawName)}=[oculto]`;
      return redactSegment(pair);
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Every URL path (from a `/` up to the next space or quote) inside `text` through {@link redactLogUrl}, and
 * any card number left in the text (one written with spaces runs past the end of a path) masked.
 */
export function redactLogText(text: string): string {
  return maskCards(text.replace(/\/[^\s"'`<>()]*/g, (url) => redactLogUrl(url)));
}
