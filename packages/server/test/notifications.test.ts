/**
 * Notifications (issue 10 §3): created by a real event (an application
 * submitted) together with its e-mail, listed newest first with the unread
 * count, marked read one by one or all at once, always only the owner's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_JCE_CITIZENS } from '../src/agencies/sandbox/sandboxData';
import { notifyCitizen } from '../src/services/notifications/notifyCitizen';
import { submittableSrl } from './applicationData';
import { buildTestApp, mailboxOf, type TestApp } from './buildTestApp';
import { DEMO, SAMPLE_FILES, bearer, login, multipart, register } from './helpers';

let t: TestApp;
interface Who { token: string; id: number; email: string }
let demo: Who;
let other: Who;

const LIST = '/v1/portals/citizen-profile/notifications';
const MAKE_READ = '/v1/portals/citizen-profile/notification-make-read';
const READ_ALL = '/v1/portals/citizen-profile/notifications/read-all';

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function whoIs(token: string): Promise<Who> {
  const res = await call('GET', '/v1/portals/auth/citizens/me', token);
  const { id } = res.json().data as { id: number };
  const { rows } = await t.app.db.query<{ email: string }>('SELECT email FROM citizens WHERE id = $1', [id]);
  return { token, id, email: rows[0].email };
}

async function upload(who: Who): Promise<number> {
  const body = multipart([
    { name: 'citizen_profile_id', value: String(who.id) },
    { name: 'file', value: SAMPLE_FILES.pdf, filename: 'Estatutos firmados.pdf', contentType: 'application/pdf' },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/v1/portals/documents', payload: body.payload, headers: { ...body.headers, ...bearer(who.token) } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** The stored notifications of a citizen, oldest first. */
async function rowsOf(citizenId: number) {
  const { rows } = await t.app.db.query<{ id: number; kind: string; title: string; text: string; link: string; read_at: Date | null }>(
    'SELECT id, kind, title, text, link, read_at FROM notifications WHERE citizen_id = $1 ORDER BY id',
    [citizenId],
  );
  return rows;
}

const outboxTo = async (email: string) =>
  (await t.app.db.query<{ subject: string; body: string }>('SELECT subject, body FROM outbox WHERE to_address = $1 ORDER BY id', [email])).rows;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await whoIs(await login(t.app, DEMO.cedula, DEMO.password));
  const person = SANDBOX_JCE_CITIZENS[6];
  await register(t.app, person.cedula, 'Otra-Clave-Segura-1');
  other = await whoIs(await login(t.app, person.cedula, 'Otra-Clave-Segura-1'));
});
afterAll(async () => t.close());

describe('a submitted application notifies its owner', () => {
  it('creates exactly one notification and one e-mail, in Spanish with the request code and a link to the confirmation page', async () => {
    const doc = await upload(demo);
    const created = await call('POST', '/v1/portals/formalizaciones', demo.token, { data: submittableSrl(doc) });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const mailsBefore = (await outboxTo(demo.email)).length;
    const since = mailboxOf(t.app).received.length;

    const sent = await call('POST', `/v1/portals/formalizaciones/${id}/submit`, demo.token);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = sent.json().data.request_code as string;

    const rows = await rowsOf(demo.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'solicitud_enviada',
      title: `Solicitud ${code} enviada`,
      link: `/formalizacion/${id}/confirmacion`,
      read_at: null,
    });
    expect(rows[0].text).toContain(code);
    const mails = (await outboxTo(demo.email)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Solicitud ${code} enviada`);
    expect(mails[0].body).toContain(`Recibimos su solicitud de formalización ${code}`);
    // And it is really delivered (kickMail after the commit).
    const delivered = await mailboxOf(t.app).waitFor(demo.email, { since });
    expect(delivered.raw).toContain(code);

    // A second submit of the same application is refused and notifies nothing more; nobody else was notified.
    const again = await call('POST', `/v1/portals/formalizaciones/${id}/submit`, demo.token);
    expect(again.statusCode).toBe(409);
    expect(await rowsOf(demo.id)).toHaveLength(1);
    expect((await outboxTo(demo.email)).slice(mailsBefore)).toHaveLength(1);
    expect(await rowsOf(other.id)).toHaveLength(0);
  });

  it('a refused submission (422) notifies nothing', async () => {
    const created = await call('POST', '/v1/portals/formalizaciones', other.token, { data: {} });
    const before = (await outboxTo(other.email)).length;
    const res = await call('POST', `/v1/portals/formalizaciones/${created.json().data.id}/submit`, other.token);
    expect(res.statusCode).toBe(422);
    expect(await rowsOf(other.id)).toHaveLength(0);
    expect(await outboxTo(other.email)).toHaveLength(before);
  });

  it('notifyCitizen refuses a link that is not a local path, and writes nothing', async () => {
    for (const link of ['https://example.com/x', '//example.com/x', '/\\example.com', 'formalizacion/1']) {
      await expect(notifyCitizen(t.app.db, { citizenId: other.id, kind: 'comentario', title: 'x', text: 'x', link })).rejects.toThrow();
    }
    expect(await rowsOf(other.id)).toHaveLength(0);
  });
});

describe('the list, make-read and read-all', () => {
  let demoIds: number[];
  let otherId: number;

  beforeAll(async () => {
    // Two more events for demo (the exported function every event calls) and one for the other citizen.
    await notifyCitizen(t.app.db, { citizenId: demo.id, kind: 'cambio_estado', title: 'Su solicitud está en revisión', text: 'La institución comenzó a revisar su solicitud.', link: '/mis-solicitudes' });
    await notifyCitizen(t.app.db, { citizenId: demo.id, kind: 'comentario', title: 'Nuevo comentario', text: 'La institución dejó un comentario.', link: '/mis-solicitudes' });
    otherId = await notifyCitizen(t.app.db, { citizenId: other.id, kind: 'accion_requerida', title: 'Acción requerida', text: 'Suba el documento que falta.', link: '/mis-solicitudes' });
    demoIds = (await rowsOf(demo.id)).map((r) => r.id);
    expect(demoIds).toHaveLength(3);
  });

  it('lists only the own notifications, newest first, with the unread count; pages with limit and offset', async () => {
    const res = await call('GET', LIST, demo.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ unread_count: 3, total: 3, limit: 20, offset: 0 });
    expect(body.data.map((n: { id: number }) => n.id)).toEqual([...demoIds].reverse());
    expect(body.data[0]).toMatchObject({ kind: 'comentario', title: 'Nuevo comentario', link: '/mis-solicitudes', read_at: null });
    expect(new Date(body.data[0].created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(body.data.map((n: { id: number }) => n.id)).not.toContain(otherId);

    const page = (await call('GET', `${LIST}?limit=2&offset=1`, demo.token)).json();
    expect(page).toMatchObject({ unread_count: 3, total: 3, limit: 2, offset: 1 });
    expect(page.data.map((n: { id: number }) => n.id)).toEqual([demoIds[1], demoIds[0]]);
  });

  it('refuses bad paging with a Spanish 400', async () => {
    for (const query of ['limit=0', 'limit=51', 'offset=-1', 'limit=abc', 'limit=1&limit=2']) {
      const res = await call('GET', `${LIST}?${query}`, demo.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe('Datos inválidos');
    }
  });

  it("marks one own notification read; another citizen's id or an unknown one is 404 and changes nothing", async () => {
    const theirs = await call('POST', MAKE_READ, demo.token, { notify_id: otherId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Notificación no encontrada' });
    expect((await rowsOf(other.id))[0].read_at).toBeNull();
    expect((await call('POST', MAKE_READ, demo.token, { notify_id: 2147483647 })).statusCode).toBe(404);
    expect((await rowsOf(demo.id)).every((r) => r.read_at === null)).toBe(true);

    const mine = await call('POST', MAKE_READ, demo.token, { notify_id: demoIds[0] });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ message: 'Notificación marcada como leída', updated: 1, unread_count: 2 });
    const readAt = (await rowsOf(demo.id))[0].read_at;
    expect(readAt).not.toBeNull();
    // Again: nothing changes, the first read time stays.
    const again = await call('POST', MAKE_READ, demo.token, { notify_id: demoIds[0] });
    expect(again.json()).toEqual({ message: 'Notificación marcada como leída', updated: 0, unread_count: 2 });
    expect((await rowsOf(demo.id))[0].read_at).toEqual(readAt);
    const list = (await call('GET', LIST, demo.token)).json();
    expect(list.unread_count).toBe(2);
    expect(list.data.find((n: { id: number }) => n.id === demoIds[0]).read_at).toBe(new Date(readAt as Date).toISOString());
  });

  it('refuses bad notify_id shapes with a Spanish 400 on notify_id, changing nothing', async () => {
    const before = await rowsOf(demo.id);
    for (const payload of [{}, { notify_id: null }, { notify_id: 'abc' }, { notify_id: 0 }, { notify_id: -3 }, { notify_id: 1.5 }, { notify_id: 2147483648 }, { notify_id: [demoIds[1]] }, { notify_id: { id: 1 } }, { notify_id: String(demoIds[1]) + 'x' }, { notify_id: true }]) {
      const res = await call('POST', MAKE_READ, demo.token, payload);
      const label = JSON.stringify(payload);
      expect(res.statusCode, label).toBe(400);
      const body = res.json();
      expect(body.message, label).toBe('Datos inválidos');
      expect(body.errors[0].path, label).toBe('notify_id');
      expect(body.errors[0].message, label).toMatch(/[a-záéíóúñ]/);
      expect(body.errors[0].message, label).not.toMatch(/must|should/i);
    }
    expect(await rowsOf(demo.id)).toEqual(before);
  });

  it('read-all marks every own notification read and no one else’s', async () => {
    const res = await call('POST', READ_ALL, demo.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Todas las notificaciones están marcadas como leídas', updated: 2, unread_count: 0 });
    expect((await rowsOf(demo.id)).every((r) => r.read_at !== null)).toBe(true);
    expect((await rowsOf(other.id))[0].read_at).toBeNull();
    expect((await call('GET', LIST, other.token)).json().unread_count).toBe(1);
    expect((await call('POST', READ_ALL, demo.token)).json().updated).toBe(0);
  });

  it('answers an anonymous caller 401 and changes nothing', async () => {
    const unread = (await rowsOf(other.id)).filter((r) => r.read_at === null).length;
    for (const [method, url, payload] of [['GET', LIST, undefined], ['POST', MAKE_READ, { notify_id: otherId }], ['POST', READ_ALL, undefined]] as const) {
      const res = await call(method, url, null, payload);
      expect([res.statusCode, res.json()], url).toEqual([401, { message: 'Unauthenticated.' }]);
    }
    expect((await rowsOf(other.id)).filter((r) => r.read_at === null)).toHaveLength(unread);
  });
});
