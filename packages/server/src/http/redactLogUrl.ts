/**
 * Request URLs as written to the log: cédulas, e-mail addresses and the
 * query values that carry them (`dni`, `cedula`, `email`, `to`) are masked,
 * so the log does not become a list of who looked up whom.
 */
const PERSONAL_QUERY = new Set(['dni', 'cedula', 'email', 'to']);
const CEDULA = /\d{3}-?\d{7}-?\d/g;

function redactSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // Malformed escapes: judge the raw text.
  }
  if (decoded.includes('@')) return '[correo]';
  return decoded.search(CEDULA) === -1 ? segment : decoded.replace(CEDULA, '[cédula]');
}

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
      const name = (eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
      if (eq !== -1 && PERSONAL_QUERY.has(name)) return `${pair.slice(0, eq)}=[oculto]`;
      return redactSegment(pair);
    })
    .join('&');
  return `${path}?${query}`;
}
