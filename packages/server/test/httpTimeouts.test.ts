/**
 * Issue 25 §1.2: a client that sends its request a few bytes at a time is cut
 * off. The real server listens on a port with short bounds (the settings
 * HTTP_*_TIMEOUT_MS); raw sockets (node:net) trickle headers, a JSON body and
 * an upload, and each is answered 408 and closed within its bound, while
 * normal requests (also a body sent in a few quick pieces) are unaffected and
 * an idle kept-alive connection is closed after the keep-alive time.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, login } from './helpers';

const BOUNDS = { headersMs: 600, bodyMs: 900, requestMs: 2500, idleMs: 10_000, keepAliveMs: 1000 };
/** Node checks the header and request times every quarter of the header time (httpTimeouts.ts); the machine is busy. */
const SLACK = 1200;

let t: TestApp;
let port = 0;
let token = '';
beforeAll(async () => {
  t = await buildTestApp({ httpTimeouts: BOUNDS, rateLimitAllowList: ['127.0.0.1'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  token = await login(t.app, DEMO.cedula, DEMO.password);
});
afterAll(() => t.close());

interface Outcome {
  /** What the server wrote back. */
  answer: string;
  /** Milliseconds from the first byte sent to the server's close. */
  closedAfterMs: number;
}

/**
 * Sends `head` at once, then `drip` one byte every `everyMs` (for ever, or until the
 * server closes), and resolves when the server closes the connection (or after 15 s).
 */
function trickle(head: string, drip: string, everyMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const started = Date.now();
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, closedAfterMs: Date.now() - started });
    };
    const giveUp = setTimeout(done, 15_000);
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]);
      }, everyMs);
    });
  });
}

describe('slow clients are cut off (HTTP_*_TIMEOUT_MS)', () => {
  it('headers sent a byte at a time: 408 and closed within the header time', async () => {
    const { answer, closedAfterMs } = await trickle('GET /health/live HTTP/1.1\r\nHost: portal\r\n', 'X-Lento: aaaaaaaa\r\n', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"message":"La solicitud tardó demasiado"}');
    expect(closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.headersMs - 100);
    expect(closedAfterMs).toBeLessThan(BOUNDS.headersMs + SLACK);
  });

  it('a JSON body sent a byte at a time: 408 in Spanish and closed within the body time', async () => {
    const head = 'POST /v1/portals/error-reports HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const { answer, closedAfterMs } = await trickle(head, '{"description":"aaaa', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"message":"La solicitud tardó demasiado"}');
    expect(closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.bodyMs - 100);
    expect(closedAfterMs).toBeLessThan(BOUNDS.bodyMs + SLACK);
  });

  it('an upload sent a byte at a time gets the longer request time, then 408 and closed', async () => {
    const boundary = 'lento';
    const head =
      `POST /v1/portals/documents HTTP/1.1\r\nHost: portal\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const { answer, closedAfterMs } = await trickle(head, 'aaaaaaaa', 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"message":"La solicitud tardó demasiado"}');
    expect(closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.requestMs - 100);
    expect(closedAfterMs).toBeLessThan(BOUNDS.requestMs + SLACK);
  });

  it('normal requests are unaffected, also a body sent in a few quick pieces', async () => {
    const live = await fetch(`http://127.0.0.1:${port}/health/live`);
    expect(live.status).toBe(200);
    const body = JSON.stringify({ description: 'La página de pagos no carga en mi teléfono.', path: '/pagos' });
    const pieces = [body.slice(0, 10), body.slice(10, 30), body.slice(30)];
    const head = `POST /v1/portals/error-reports HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', async () => {
        socket.write(head);
        for (const piece of pieces) {
          await new Promise((r) => setTimeout(r, 150));
          socket.write(piece);
        }
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
  });

  it('an idle kept-alive connection is closed after the keep-alive time', async () => {
    const { answer, closedAfterMs } = await new Promise<Outcome>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      let answeredAt = 0;
      socket.on('connect', () => socket.write('GET /health/live HTTP/1.1\r\nHost: portal\r\n\r\n'));
      socket.on('data', (chunk) => {
        text += chunk.toString('utf8');
        answeredAt ||= Date.now();
      });
      socket.on('close', () => resolve({ answer: text, closedAfterMs: Date.now() - answeredAt }));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(BOUNDS.keepAliveMs - 200);
    expect(closedAfterMs).toBeLessThan(BOUNDS.keepAliveMs + SLACK);
  });
});
