import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO, register } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const LOGIN = '/v1/portals/auth/citizens/login';
const loginAnswer = async (cedula: string, password: string) => {
  const res = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string; first_login: boolean }>();
};

describe('first_login in the login answer', () => {
  it('is true on the first login after the registration is confirmed, then false on every device', async () => {
    const person = SANDBOX_JCE_CITIZENS[9];
    await register(t.app, person.cedula, 'Primera-Vez-2026');
    expect((await loginAnswer(person.cedula, 'Primera-Vez-2026')).first_login).toBe(true);
    expect((await loginAnswer(person.cedula, 'Primera-Vez-2026')).first_login).toBe(false);
  });

  it('is false for an account that existed before (the sandbox demo citizen)', async () => {
    expect((await loginAnswer(DEMO.cedula, DEMO.password)).first_login).toBe(false);
  });

  it('welcomes once when two first logins race', async () => {
    const person = SANDBOX_JCE_CITIZENS[10];
    await register(t.app, person.cedula, 'Carrera-Doble-2026');
    const answers = await Promise.all([loginAnswer(person.cedula, 'Carrera-Doble-2026'), loginAnswer(person.cedula, 'Carrera-Doble-2026')]);
    expect(answers.map((a) => a.first_login).sort()).toEqual([false, true]);
  });

  it('a failed login does not use up the welcome', async () => {
    const person = SANDBOX_JCE_CITIZENS[11];
    await register(t.app, person.cedula, 'Fallo-Antes-2026');
    const wrong = await t.app.inject({ method: 'POST', url: LOGIN, payload: { cedula: person.cedula, password: 'no-es-esta-2026' } });
    expect(wrong.statusCode).toBe(401);
    expect((await loginAnswer(person.cedula, 'Fallo-Antes-2026')).first_login).toBe(true);
  });
});
