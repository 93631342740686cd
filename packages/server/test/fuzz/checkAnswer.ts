/**
 * What every answer to bad input must be: below 500, and a 4xx is JSON
 * `{ message, errors? }` in Spanish without internals (stack, file paths).
 */

/** The 401 body is the portal's published contract (the front end matches it), kept in English on purpose. */
const LEGACY_MESSAGES = new Set(['Unauthenticated.']);

const ENGLISH = /\b(must|should|the|is|are|not|invalid|unexpected|required|body|request|route|found|failed|cannot|unsupported|too|property)\b/i;
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|un|una|es|en|que|por|para|con|su|sus|se|al|debe|escriba|indique|seleccione|datos|solicitud|requerido|valor|campo|formato|tipo|nombre|demasiad[oa]s?)\b/i;
const INTERNALS = /at \w+ \(|node_modules|\.ts:\d+|\bstack\b|FST_|ERR_|SQL|syntax|relation "|violates/i;

/** True when a message reads as Spanish (or is the legacy 401 text). */
export function isSpanishMessage(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  if (LEGACY_MESSAGES.has(message)) return true;
  return SPANISH.test(message) && !ENGLISH.test(message) && !INTERNALS.test(message);
}

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** Null when the answer is acceptable; otherwise what is wrong with it. */
export function answerProblem(method: string, answer: Answer): string | null {
  if (answer.statusCode >= 500) return `status ${answer.statusCode}`;
  if (answer.statusCode < 400 || method === 'HEAD') return null;
  // A page for a person (the sandbox card payment page): a Spanish HTML page, its title the message.
  if (String(answer.headers['content-type'] ?? '').startsWith('text/html')) {
    const title = /<title>([^<]*)<\/title>/i.exec(answer.body)?.[1] ?? '';
    if (!/<html[^>]*\blang="es/i.test(answer.body)) return `${answer.statusCode} HTML page not in Spanish (lang)`;
    return isSpanishMessage(title) ? null : `${answer.statusCode} HTML page title not in Spanish: ${JSON.stringify(title)}`;
  }
  let parsed: { message?: unknown; errors?: { message?: unknown }[] };
  try {
    parsed = JSON.parse(answer.body) as typeof parsed;
  } catch {
    return `${answer.statusCode} without a JSON body`;
  }
  if (!isSpanishMessage(parsed.message)) return `${answer.statusCode} message not in Spanish: ${JSON.stringify(parsed.message)}`;
  const bad = (Array.isArray(parsed.errors) ? parsed.errors : []).find((e) => !isSpanishMessage(e?.message));
  if (bad) return `${answer.statusCode} field message not in Spanish: ${JSON.stringify(bad)}`;
  return null;
}
