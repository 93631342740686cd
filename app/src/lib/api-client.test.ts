/**
 * The one HTTP client against a real local HTTP server (node:http): the paths
 * it asks for, the bodies it returns and the errors it raises, as the spec's
 * §7 and §8 say.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient, endSession, versionedPath, type ApiClient } from './api-client';
import { ApiError, errorMessage } from './apiError';
import { getSession, sessionEnded, setSession } from './session';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const seen: string[] = [];

function json(status: number, body: unknown): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let unauthenticated: number;
let client: ApiClient;

beforeEach(() => {
  seen.length = 0;
  unauthenticated = 0;
  client = createApiClient({ baseUrl, onUnauthenticated: () => unauthenticated++ });
});

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('paths', () => {
  it('adds /v1 when the path has no version, keeps the version it has', async () => {
    handler = json(200, { ok: true });
    await client.get('portals/services');
    await client.get('/portals/institutions');
    await client.get('/v2/portals/classified');
    await client.get('v1/portals/provinces');
    expect(seen).toEqual(['GET /v1/portals/services', 'GET /v1/portals/institutions', 'GET /v2/portals/classified', 'GET /v1/portals/provinces']);
    expect(versionedPath('v10/x')).toBe('/v10/x');
    expect(versionedPath('vuf/x')).toBe('/v1/vuf/x');
  });
});

describe('bodies', () => {
  it('returns the parsed body directly, and undefined for an empty answer', async () => {
    handler = json(200, { data: [{ id: 1 }] });
    await expect(client.get<{ data: { id: number }[] }>('portals/x')).resolves.toEqual({ data: [{ id: 1 }] });
    handler = (_req, res) => res.writeHead(204).end();
    await expect(client.delete('portals/x/1')).resolves.toBeUndefined();
  });

  it('sends JSON bodies', async () => {
    let received = '';
    handler = (req, res) => {
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (received += chunk));
      req.on('end', () => json(201, { data: { id: 7 } })(req, res));
    };
    await expect(client.post('portals/formalizaciones', { json: { data: { a: 1 } } })).resolves.toEqual({ data: { id: 7 } });
    expect(JSON.parse(received)).toEqual({ data: { a: 1 } });
  });
});

describe('errors', () => {
  it('reads the first entry of the errors list (ours)', async () => {
    handler = json(422, { message: 'La solicitud tiene errores', errors: [{ path: 'a', message: 'Requerido' }, { path: 'b', message: 'Otro' }] });
    const error = await failure(client.post('portals/x'));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Requerido');
    expect(error.fieldErrors).toHaveLength(2);
    expect(errorMessage(error)).toBe('Requerido');
  });

  it('reads the first entry of an errors map (field → messages)', async () => {
    handler = json(422, { message: 'The given data was invalid.', errors: { email: ['Favor digitar un email válido'], phone: ['Otro'] } });
    expect((await failure(client.post('portals/x'))).message).toBe('Favor digitar un email válido');
  });

  it('else the message', async () => {
    handler = json(409, { message: 'La solicitud ya fue enviada' });
    expect((await failure(client.put('portals/x'))).message).toBe('La solicitud ya fue enviada');
  });

  it('a body that is not JSON, and a server that cannot be reached, still give a Spanish message', async () => {
    handler = (_req, res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    expect((await failure(client.get('portals/x'))).message).toBe('El servicio no respondió como se esperaba. Intente de nuevo.');
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const error = await failure(offline.get('portals/x'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('No se pudo conectar con el portal. Revise su conexión e intente de nuevo.');
  });

  it("swallows 'Ruta incorrecta o user no autenticado': nothing to show", async () => {
    handler = json(404, { message: 'Ruta incorrecta o user no autenticado' });
    const error = await failure(client.get('portals/x'));
    expect(error.silent).toBe(true);
    expect(errorMessage(error)).toBeNull();
    expect(unauthenticated).toBe(0);
  });
});

describe("'Unauthenticated.'", () => {
  it('ends the session on every kind of call, and is not shown', async () => {
    handler = json(401, { message: 'Unauthenticated.' });
    const error = await failure(client.get('portals/formalizaciones'));
    expect(errorMessage(error)).toBeNull();
    await failure(client.post('portals/documents'));
    // Lookups read the status themselves: the session rule applies to them too.
    expect((await client.answer('jce/40229183641')).status).toBe(401);
    expect(unauthenticated).toBe(3);
  });

  it('a 401 with another message (a wrong password) is an ordinary error', async () => {
    handler = json(401, { message: 'Cédula o contraseña incorrecta' });
    expect(errorMessage(await failure(client.post('portals/auth/citizens/login')))).toBe('Cédula o contraseña incorrecta');
    expect(unauthenticated).toBe(0);
  });

  it("the default removes the stored session and the citizen's copies (on /, the page shows the login form: no navigation)", async () => {
    setSession({ id: 1, cedula: '40229183641', nombres: 'Juan Carlos', apellidos: 'Peña Núñez', email: 'j@example.com' });
    localStorage.setItem('borrador:5', JSON.stringify({ version: 1, data: { nombre: 'Juan' }, form: 'formalizacion' }));
    const portal = createApiClient({ baseUrl });
    handler = json(401, { message: 'Unauthenticated.' });
    await failure(portal.get('portals/formalizaciones'));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    // Nothing can be sent with the ended session: the unsent change goes too, and the login form will say so.
    expect(localStorage.getItem('borrador:5')).toBeNull();
    expect(sessionEnded()).toBe('unsent-removed');
    expect(window.location.pathname).toBe('/');
    expect(endSession).toBeTypeOf('function');
  });
});
