/**
 * Issue 25 §1.6: card data in a URL never reaches the log. redactLogUrl masks
 * any Luhn-valid run of 13 to 19 digits (spaces, plus signs, dashes or their
 * escapes between groups; sent as is or URL-encoded; anywhere in the path or
 * the query) and the security-code parameters; the real logger's output of
 * requests (request, not-found and error lines) shows neither.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARD_PAGE_PATH } from '../src/payments/createPayments';
import { redactLogText, redactLogUrl } from '../src/http/redactLogUrl';
import { buildTestApp, type TestApp } from './buildTestApp';

/** `body` (12 to 18 digits) completed with its Luhn check digit. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    const digits = body + d;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  throw new Error('unreachable');
}

const card = fc.stringMatching(/^\d{12,18}$/).map(withCheckDigit);
const SEPARATORS = ['', ' ', '+', '-', '%20', '%2B', '%2b', '%2D', ' - '];
/** The card's digits in groups of 1 to 6 with a separator between groups (the same or mixed), or fully percent-encoded. */
const written = fc.record({
  digits: card,
  groups: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 19 }),
  separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 1, maxLength: 19 }),
  encoded: fc.boolean(),
}).map(({ digits, groups, separators, encoded }) => {
  if (encoded) return { digits, text: [...digits].map((d) => `%3${d}`).join('') };
  let text = '';
  let at = 0;
  for (let g = 0; at < digits.length; g++) {
    const size = groups[g % groups.length];
    if (at > 0) text += separators[g % separators.length];
    text += digits.slice(at, at + size);
    at += size;
  }
  return { digits, text };
});
/** Text around the card: URL characters without digits, or with some digits glued to it. */
const around = fc.oneof(fc.stringMatching(/^[a-zA-Z/?&=._~%-]{0,12}$/), fc.stringMatching(/^[a-z]{0,3}\d{0,4}$/));

/** Every way the card's digits could be read back from the logged URL: as written and decoded, separators dropped. */
function readable(logged: string): string[] {
  let decoded = logged;
  try {
    decoded = decodeURIComponent(logged);
  } catch {
    // Keep the raw text.
  }
  return [logged, decoded].map((text) => text.replace(/%2[0bBdD]|[ +-]/g, ''));
}

describe('redactLogUrl: card numbers and security codes', () => {
  it.each([
    ['/sandbox/pagina-de-pago/pagar?numero=4242+4242+4242+4242&cvv=8317', '/sandbox/pagina-de-pago/pagar?numero=[tarjeta]&cvv=[oculto]'],
    ['/pagar?cardNumber=4000056655665556&cvv=123', '/pagar?cardNumber=[oculto]&cvv=[oculto]'],
    ['/pagar?n=4000-0566-5566-5556&CVC2=123&codigo_seguridad=99&securityCode=1&card%5Bcvv%5D=7', '/pagar?n=[tarjeta]&CVC2=[oculto]&codigo_seguridad=[oculto]&securityCode=[oculto]&card%5Bcvv%5D=[oculto]'],
    ['/pagos/4242%204242%204242%204242/x', '/pagos/[tarjeta]/x'],
    // The cédula rule never leaves a card's last digits behind.
    ['/v1/jce/4242424242424242', '/v1/jce/[tarjeta]'],
    // Not a card: no 13 to 19 of its digits pass the Luhn check, or too few digits.
    ['/pagar?n=4242-4242-42&id=4242', '/pagar?n=4242-4242-42&id=4242'],
    ['/v1/portals/requests/12/payment-code?item_id=31', '/v1/portals/requests/12/payment-code?item_id=31'],
  ])('%s → %s', (url, logged) => expect(redactLogUrl(url)).toBe(logged));

  it('no Luhn-valid 13–19 digit run survives, whatever its separators, encoding or place in the URL', () => {
    fc.assert(
      fc.property(written, around, around, fc.constantFrom('path', 'name', 'value'), ({ digits, text }, before, after, place) => {
        const url =
          place === 'path' ? `/v1/x/${before}${text}${after}/y` : place === 'name' ? `/v1/x?${before}${text}${after}=1` : `/v1/x?a=1&q=${before}${text}${after}`;
        const logged = redactLogUrl(url);
        for (const text of readable(logged)) expect(text, `${url} → ${logged}`).not.toContain(digits);
        // Inside any logged text too (a message or an error that quotes the URL).
        for (const text of readable(redactLogText(`falló POST ${url} (x)`))) expect(text).not.toContain(digits);
      }),
      { numRuns: 2000 },
    );
  });

  it('a security code parameter never survives, whatever its case or spelling', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('cvv', 'CVV', 'cvc', 'Cvc2', 'cvv2', 'csc', 'cid', 'codigo_seguridad', 'codigoSeguridad', 'codigo-de-seguridad', 'securityCode', 'security_code', 'card[cvv]', 'card%5Bcvc%5D'),
        fc.stringMatching(/^\d{3,4}$/),
        (name, code) => {
          expect(redactLogUrl(`/pagar?a=1&${name}=${code}&b=2`)).toBe(`/pagar?a=1&${name}=[oculto]&b=2`);
        },
      ),
    );
  });
});

describe('the real log output', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ logLevel: 'info', rateLimitAllowList: ['127.0.0.1'] }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it('request, not-found and error lines carry the URL without the card number or the security code', async () => {
    const urls = [
      `${SANDBOX_CARD_PAGE_PATH}/pagar?numero=4242+4242+4242+4242&cvv=8317`,
      `${SANDBOX_CARD_PAGE_PATH}/pagar?cardNumber=4000056655665556&cvv=8317`,
      '/v1/no-existe/4000%200566%205566%205556?codigo_seguridad=8317',
    ];
    for (const url of urls) await t.app.inject({ method: 'POST', url, payload: {} });
    // An error and a message that quote the URL (Fastify writes such lines: "Reply was already sent … /ruta?…").
    t.app.log.error({ err: new Error(`falló ${urls[1]}`) }, `no se pudo atender ${urls[0]}`);

    // Without the fields every line has (time, process, request id, timings, address): their digits are
    // the clock's and chance's, and one run's timestamp (…748317) held the security code's four digits.
    const output = lines.join('').replace(/"(time|pid|reqId|responseTime|hostname|remoteAddress|remotePort)":("[^"]*"|[\d.e+-]+)/g, '');
    expect(output).toContain('pagar?numero=[tarjeta]&cvv=[oculto]');
    expect(output).toContain('/v1/no-existe/[tarjeta]?codigo_seguridad=[oculto]');
    expect(output).toContain('"message":"falló /sandbox');
    expect(output).not.toContain('8317');
    for (const digits of ['4242424242424242', '4000056655665556']) {
      expect(output.replace(/%20|[ +-]/g, '')).not.toContain(digits);
      // Nor their last digits (the cédula rule once took 11 and left the rest).
      expect(output).not.toContain(digits.slice(-5));
    }
  });
});
