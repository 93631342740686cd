/**
 * Issue 26 §4, as a property: random sequences of form changes (a required question added, a question
 * removed, an option renamed or removed, a bound tightened), each published, interleaved with a
 * citizen's drafts (created, opened, completed) and submits. Whatever the order:
 * - every submitted request keeps the version it was submitted under, and that version is the exact
 *   schema that was current then;
 * - opening a draft moves it to the current version without losing an answer, and every answer to a
 *   question the new version removed is named in the notice (formChanges with the answers);
 * - the server's verdict at submit is the engine's (the browser's) on that version: the same errors.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, formChanges, isBlankAnswer, todayInDominicanRepublic, type FormSchema, type PathMessage } from '@portal/form-engine';
import { loadForm } from '@portal/form-engine/node';
import { buildTestApp, type TestApp } from './buildTestApp';
import { bearer, DEMO, login } from './helpers';
import { publishFormVersion } from '../src/services/forms/formVersions';

const FORM = 'certificado-no-antecedentes';
type Schema = FormSchema & { properties: Record<string, any> };
type Data = Record<string, any>;

let t: TestApp;
let token: string;

beforeAll(async () => {
  // Far more submits a minute than the route's per-address limit lets one person make.
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
  token = await login(t.app, DEMO.cedula, DEMO.password);
});
afterAll(() => t.close());

const base = () => structuredClone(loadForm(FORM)) as Schema;
/** A valid application of the shipped form (its fixture «empleo-uso-nacional»). */
const answers = (): Data => ({
  solicitud: { proposito: 'empleo', uso_en_el_exterior: false, en_nombre_de_otra_persona: false },
  entrega: { correo_electronico: 'jose.martinez@example.com', confirmar_correo_electronico: 'jose.martinez@example.com', telefono: '8495552301' },
});

type Change =
  | { kind: 'add'; n: number }
  | { kind: 'remove'; field: 'telefono' | 'extra' }
  | { kind: 'rename-option'; index: number; title: string }
  | { kind: 'remove-option'; index: number }
  | { kind: 'tighten'; maxLength: number };
type Step = { op: 'publish'; change: Change } | { op: 'create' } | { op: 'open' } | { op: 'complete' } | { op: 'submit' };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 1, max: 99 }) }),
  fc.record({ kind: fc.constant('remove' as const), field: fc.constantFrom('telefono' as const, 'extra' as const) }),
  fc.record({ kind: fc.constant('rename-option' as const), index: fc.nat(4), title: fc.constantFrom('Trabajo', 'Viajes al exterior', 'Otro motivo') }),
  fc.record({ kind: fc.constant('remove-option' as const), index: fc.nat(4) }),
  fc.record({ kind: fc.constant('tighten' as const), maxLength: fc.integer({ min: 15, max: 40 }) }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: change.map((c) => ({ op: 'publish' as const, change: c })) },
  { weight: 1, arbitrary: fc.constant({ op: 'create' as const }) },
  { weight: 3, arbitrary: fc.constant({ op: 'open' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'complete' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'submit' as const }) },
);
/** A citizen's draft first (the changes then meet it), then anything. */
const sequence = fc.array(step, { minLength: 4, maxLength: 12 }).map((rest): Step[] => [{ op: 'create' }, ...rest]);

function applyChange(schema: Schema, c: Change): Schema {
  const next = structuredClone(schema);
  const entrega = next.properties.entrega.properties;
  const proposito = next.properties.solicitud.properties.proposito;
  if (c.kind === 'add') entrega[`dato_adicional_${c.n}`] = { type: 'string', title: `Dato adicional ${c.n}`, maxLength: 40, 'x-required': true };
  if (c.kind === 'remove') {
    const key = c.field === 'telefono' ? 'telefono' : Object.keys(entrega).find((k) => k.startsWith('dato_adicional_'));
    if (key) delete entrega[key];
  }
  if (c.kind === 'rename-option' && proposito.oneOf[c.index % proposito.oneOf.length]) proposito.oneOf[c.index % proposito.oneOf.length].title = c.title;
  // «otro» stays: a rule of the form reads it.
  if (c.kind === 'remove-option' && proposito.oneOf.length > 2) {
    const removable = proposito.oneOf.filter((o: { const: string }) => o.const !== 'otro');
    const gone = removable[c.index % removable.length].const;
    proposito.oneOf = proposito.oneOf.filter((o: { const: string }) => o.const !== gone);
  }
  if (c.kind === 'tighten') entrega.correo_electronico.maxLength = c.maxLength;
  return next;
}

/** Every non-blank leaf answer, by path. */
function leaves(data: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [k, v] of Object.entries(data)) for (const [p, x] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, x);
  } else if (!isBlankAnswer(data)) out.set(prefix, data);
  return out;
}

/** Answers that make the draft valid on `schema`: every added question answered, a kept option chosen, the e-mail within its bound. */
function completed(schema: Schema, data: Data): Data {
  const next = structuredClone(data);
  const entrega = schema.properties.entrega.properties;
  for (const key of Object.keys(entrega)) if (key.startsWith('dato_adicional_') && !next.entrega[key]) next.entrega[key] = 'Respuesta';
  if (entrega.telefono && !next.entrega.telefono) next.entrega.telefono = '8495552301';
  const options = schema.properties.solicitud.properties.proposito.oneOf.map((o: { const: string }) => o.const) as string[];
  if (!options.includes(next.solicitud.proposito)) next.solicitud.proposito = options.find((o) => o !== 'otro') ?? 'otro';
  if (next.solicitud.proposito === 'otro') next.solicitud.otro_proposito = 'Trámite personal';
  const max = entrega.correo_electronico.maxLength ?? 254;
  if (next.entrega.correo_electronico.length > max) next.entrega.correo_electronico = next.entrega.confirmar_correo_electronico = 'a@ejemplo.do';
  return next;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/v1/portals/solicitudes-en-linea/${FORM}${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

describe('versions under random changes, drafts and submits', () => {
  it('requests keep their version, drafts lose no answer without a notice, the server agrees with the engine', async () => {
    const today = todayInDominicanRepublic();
    // What the runs exercised, so the property cannot pass on sequences that never reach a submit or a move.
    const seen = { submitted: 0, refused: 0, moved: 0, removedAnswers: 0, stale: 0 };
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        // Each run starts from the shipped file (published again: the rollback).
        let schema = base();
        const first = await publishFormVersion(t.app.db, { form: FORM, schema, note: 'Inicio de la corrida', staffId: null });
        const schemas = new Map<number, string>([[first!.version.version, JSON.stringify(schema)]]);
        let version = first!.version.version;
        let draft: { id: number; version: number; data: Data; formVersion: number } | null = null;
        const submitted: { id: number; formVersion: number }[] = [];

        for (const s of steps) {
          if (s.op === 'publish') {
            schema = applyChange(schema, s.change);
            const published = await publishFormVersion(t.app.db, { form: FORM, schema, note: `Cambio ${s.change.kind}`, staffId: null });
            version = published!.version.version;
            schemas.set(version, JSON.stringify(schema));
          } else if (s.op === 'create' && draft === null) {
            const res = await t.app.inject({ method: 'POST', url: `/v1/portals/solicitudes-en-linea/${FORM}`, headers: bearer(token), payload: { data: answers() } });
            expect(res.statusCode, res.body).toBe(201);
            const d = res.json().data;
            expect(d.form_version).toBe(version);
            draft = { id: d.id, version: d.version, data: d.data, formVersion: d.form_version };
          } else if (s.op === 'open' && draft) {
            const opened = await call('GET', `/${draft.id}`);
            const d = opened.json<{ data: { id: number; version: number; data: Data; form_version: number } }>().data;
            expect(d.form_version).toBe(version);
            // No answer lost by the move…
            for (const [path, value] of leaves(draft.data)) expect(leaves(d.data).get(path), path).toEqual(value);
            // …and each answer to a question the new version removed is named, for this citizen.
            if (draft.formVersion !== version) {
              const before = JSON.parse(schemas.get(draft.formVersion)!) as Schema;
              const notice = formChanges(before, schema, draft.data);
              const asked = (form: Schema, path: string) => path.split('.').reduce<any>((node, key) => node?.properties?.[key], form) !== undefined;
              for (const [path] of leaves(draft.data)) {
                // An answer to a question this move removed (one removed earlier was told then, and stays in the record).
                if (asked(before, path) && !asked(schema, path)) {
                  seen.removedAnswers++;
                  expect(notice.some((c) => c.kind === 'quitada' && c.path === path && c.forYou !== null), `aviso de ${path}`).toBe(true);
                }
              }
              seen.moved++;
            }
            draft = { id: d.id, version: d.version, data: d.data, formVersion: d.form_version };
          } else if (s.op === 'complete' && draft && draft.formVersion === version) {
            const res = await call('PUT', `/${draft.id}`, { data: completed(schema, draft.data), version: draft.version });
            expect(res.statusCode, res.body).toBe(200);
            const d = res.json().data;
            draft = { id: d.id, version: d.version, data: d.data, formVersion: d.form_version };
          } else if (s.op === 'submit' && draft) {
            const res = await call('POST', `/${draft.id}/submit`);
            if (draft.formVersion !== version) {
              // On an older version: refused until opened again (which moves it).
              expect(res.statusCode, res.body).toBe(409);
              seen.stale++;
              continue;
            }
            const engine: PathMessage[] = check(JSON.parse(schemas.get(version)!) as Schema, draft.data, { today }).errors;
            if (res.statusCode === 200) {
              expect(engine).toEqual([]);
              submitted.push({ id: draft.id, formVersion: version });
              seen.submitted++;
              draft = null;
            } else {
              expect(res.statusCode, res.body).toBe(422);
              expect(res.json().errors).toEqual(engine);
              seen.refused++;
            }
          }
        }

        for (const r of submitted) {
          const request = (await t.app.inject({ method: 'GET', url: `/v1/portals/requests/${r.id}`, headers: bearer(token) })).json().data;
          expect(request.form_version ?? request.request?.form_version).toBe(r.formVersion);
          const kept = (await t.app.inject({ method: 'GET', url: `/v1/forms/${FORM}/versions/${r.formVersion}` })).json().data.schema;
          expect(JSON.stringify(kept)).toBe(schemas.get(r.formVersion));
        }
        // The draft left open does not count against the next run's cap of open drafts.
        if (draft) await t.app.inject({ method: 'DELETE', url: `/v1/portals/solicitudes-en-linea/${FORM}/${draft.id}`, headers: bearer(token) });
      }),
      {
        numRuns: 25,
        // One sequence that meets every case, whatever the seed: stale submit, a removed answer, a refusal, a submit.
        examples: [[[
          { op: 'create' }, { op: 'publish', change: { kind: 'remove', field: 'telefono' } }, { op: 'submit' }, { op: 'open' },
          { op: 'publish', change: { kind: 'add', n: 7 } }, { op: 'open' }, { op: 'submit' }, { op: 'complete' }, { op: 'submit' },
        ]]],
      },
    );
    console.log(`versiones al azar: ${JSON.stringify(seen)}`);
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(0);
  }, 120_000);
});
