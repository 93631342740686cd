import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { mailboxOf } from './buildTestApp';
import { nextStaffCode, rememberStaffSecret } from './staffCodes';

export const DEMO = { cedula: '40229183641', password: 'Demo-Portal-2026' };

/** Logs in and returns the bearer token (fails the test otherwise). */
export async function login(app: FastifyInstance, cedula: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/login', payload: { cedula, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The registry's date of birth of a sandbox JCE person (what registration asks for). */
export function birthDateOf(cedula: string): string {
  const person = SANDBOX_JCE_CITIZENS.find((p) => p.cedula === cedula.replace(/-/g, ''));
  if (!person) throw new Error(`${cedula} no está en el registro simulado de la JCE`);
  return person.fechaNacimiento;
}

/** Starts a registration as the browser does; returns the registration token. */
export async function startRegistration(app: FastifyInstance, cedula: string, password: string, email = `${cedula}@example.com`): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/portals/auth/citizens/register',
    payload: { cedula, fecha_nacimiento: birthDateOf(cedula), email, password, password_confirmation: password },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ registration_token: string }>().registration_token;
}

/**
 * Registers a sandbox JCE person the whole way: register, read the code from the
 * mail the app delivered to the test SMTP server, confirm. Returns the new citizen's id.
 */
export async function register(app: FastifyInstance, cedula: string, password: string, email = `${cedula}@example.com`): Promise<number> {
  const mailbox = mailboxOf(app);
  const since = mailbox.received.length;
  const token = await startRegistration(app, cedula, password, email);
  const code = await mailbox.codeFor(email, { since });
  const res = await app.inject({ method: 'POST', url: '/v1/portals/auth/citizens/confirm', payload: { registration_token: token, code } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const staffScopes = new WeakMap<object, string>();
/** One name per database (two apps on one database share the members' used codes); per app when it has none here (a server over HTTP). */
export function staffScopeOf(app: FastifyInstance): string {
  const owner: object = (app as Partial<FastifyInstance>).db ?? app;
  let scope = staffScopes.get(owner);
  if (scope === undefined) {
    scope = `db-${Math.random().toString(36).slice(2)}`;
    staffScopes.set(owner, scope);
  }
  return scope;
}

/**
 * Signs a staff member in the whole way (issue 25 §2): password, then the
 * authenticator app's code (staffCodes.ts: otpauth over the sandbox's key, or
 * the key the member enrolled here); a member without a factor enrols the key
 * the server offers. Returns the session token (fails the test otherwise).
 */
export async function staffLogin(app: FastifyInstance, account: { email: string; password: string }): Promise<string> {
  const scope = staffScopeOf(app);
  const first = await app.inject({ method: 'POST', url: '/v1/backoffice/auth/login', payload: { email: account.email, password: account.password } });
  expect(first.statusCode, first.body).toBe(200);
  const challenge = first.json<{ step: 'codigo' | 'alta'; pending_token: string; totp_secret: string | null }>();
  let res;
  if (challenge.step === 'alta') {
    rememberStaffSecret(scope, account.email, challenge.totp_secret!);
    const { code } = await nextStaffCode(scope, account.email);
    res = await app.inject({ method: 'POST', url: '/v1/backoffice/auth/enrolment', payload: { pending_token: challenge.pending_token, code } });
  } else {
    const { code } = await nextStaffCode(scope, account.email);
    res = await app.inject({ method: 'POST', url: '/v1/backoffice/auth/second-factor', payload: { pending_token: challenge.pending_token, code } });
  }
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

export interface Part {
  name: string;
  value: string | Buffer;
  /** Present for file parts. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand (exact bytes, including hostile file names). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined) head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Minimal valid-looking file contents per kind. */
export const SAMPLE_FILES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
  dwg: Buffer.concat([Buffer.from('AC1027'), Buffer.alloc(64, 0)]),
  dxf: Buffer.from('  0\r\nSECTION\r\n  2\r\nHEADER\r\n  0\r\nENDSEC\r\n  0\r\nEOF\r\n'),
};

/** The error of the app's start (null when it started), the app closed. */
export async function startError(app: FastifyInstance): Promise<Error | null> {
  try {
    await app.ready();
    return null;
  } catch (error) {
    return error as Error;
  } finally {
    await app.close().catch(() => undefined);
  }
}
