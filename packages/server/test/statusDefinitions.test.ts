/**
 * Payment and claim statuses have one definition (@portal/api-contract:
 * paymentSchema.ts, claimSchema.ts). The database's copy is written from it at
 * every start (db/syncStatusConstraints.ts) and the sources name a status through
 * PAYMENT_STATUS / CLAIM_STATUS: this file fails when either drifts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedClaimTransitions,
  CLAIM_INITIAL_STATUS,
  CLAIM_STATUS,
  CLAIM_STATUSES,
  PAYMENT_EVENTS,
  PAYMENT_INITIAL_STATUS,
  PAYMENT_STATUS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@portal/api-contract';
import { migrate } from '../src/db/migrate';
import { literalsOf, STATUS_COLUMNS, syncStatusConstraints, transitionFunctionBody } from '../src/db/syncStatusConstraints';
import { HttpError } from '../src/http/HttpError';
import { requirePayable, type ChargeRow } from '../src/services/payments/paymentLedger';
import { requireUnderReview } from '../src/services/payments/paymentProofs';
import { buildTestApp, type TestApp } from './buildTestApp';
import { DEMO } from './helpers';

let t: TestApp;
let citizenId: number;

beforeAll(async () => {
  t = await buildTestApp();
  citizenId = (await t.app.db.query<{ id: number }>('SELECT id FROM citizens WHERE cedula = $1', [DEMO.cedula])).rows[0].id;
});
afterAll(() => t.close());

const q = async <T>(sql: string, params: unknown[] = []) => (await t.app.db.query<T>(sql, params)).rows;
const sorted = (values: readonly string[]) => [...new Set(values)].sort();

/** The statuses the CHECK `name` of `table` lists. */
async function checkStatuses(table: string, name: string): Promise<string[]> {
  const rows = await q<{ def: string }>('SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = to_regclass($1) AND conname = $2', [table, name]);
  expect(rows, `${table}.${name}`).toHaveLength(1);
  return sorted(literalsOf(rows[0].def));
}

async function statusDefault(table: string): Promise<string[]> {
  const rows = await q<{ expr: string | null }>(
    `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = to_regclass($1) AND a.attname = 'status'`,
    [table],
  );
  return literalsOf(rows[0]?.expr ?? '');
}

/** Every status literal the table's CHECKs, partial indexes and trigger functions compare `status` with. */
async function statusesNamedAround(table: string): Promise<string[]> {
  const checks = await q<{ def: string }>("SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'c'", [table]);
  const indexes = await q<{ def: string }>('SELECT pg_get_expr(indpred, indrelid) AS def FROM pg_index WHERE indrelid = to_regclass($1) AND indpred IS NOT NULL', [table]);
  const functions = await q<{ def: string }>(
    'SELECT p.prosrc AS def FROM pg_trigger tr JOIN pg_proc p ON p.oid = tr.tgfoid WHERE tr.tgrelid = to_regclass($1) AND NOT tr.tgisinternal',
    [table],
  );
  const named: string[] = [];
  for (const { def } of [...checks, ...indexes, ...functions]) {
    // `status = 'x'`, `status <> 'x'`, `status IN ('x', 'y')`, `status = ANY (ARRAY['x'::text, …])`, `(OLD.status, NEW.status) NOT IN (('x', 'y'), …)`
    for (const m of def.matchAll(/status\)?\s*(?:=|<>|!=)\s*(?:ANY\s*\(ARRAY\[)?('[^']*'(?:::text)?(?:,\s*'[^']*'(?:::text)?)*)/g)) named.push(...literalsOf(m[1]));
    for (const m of def.matchAll(/status\)?\s*(?:NOT\s+)?IN\s*\(((?:[^()]|\([^()]*\))*)\)/gi)) named.push(...literalsOf(m[1]));
  }
  return sorted(named);
}

/** Whether the database lets a claim move from `from` to `to` (the transition trigger on). */
async function claimMoves(claimId: number, from: string, to: string): Promise<boolean> {
  await t.app.db.query('ALTER TABLE claims DISABLE TRIGGER claims_transition');
  await t.app.db.query('UPDATE claims SET status = $2 WHERE id = $1', [claimId, from]);
  await t.app.db.query('ALTER TABLE claims ENABLE TRIGGER claims_transition');
  return t.app.db.query('UPDATE claims SET status = $2 WHERE id = $1', [claimId, to]).then(() => true, () => false);
}

const newClaim = async () =>
  (await q<{ id: number }>(
    "INSERT INTO claims (citizen_id, service_slug, institution, issue_id, description) VALUES ($1, 'acta-de-nacimiento', 'JCE', 1, 'Prueba de la definición de estados') RETURNING id, status",
    [citizenId],
  ))[0].id;

/** Everything the database holds about payment and claim statuses is the definition's. */
async function expectDatabaseMatchesDefinition(): Promise<void> {
  expect(await checkStatuses('request_items', 'request_items_status_check')).toEqual(sorted(PAYMENT_STATUSES));
  expect(await checkStatuses('claims', 'claims_status_check')).toEqual(sorted(CLAIM_STATUSES));
  expect(await statusDefault('request_items')).toEqual([PAYMENT_INITIAL_STATUS]);
  expect(await statusDefault('claims')).toEqual([CLAIM_INITIAL_STATUS]);
  // Whatever compares the column with a status (besides the CHECK: the paid charge's CHECK, the review index, the triggers) names one of the definition.
  expect(await statusesNamedAround('request_items')).toEqual(sorted(PAYMENT_STATUSES));
  expect(await statusesNamedAround('claims')).toEqual(sorted(CLAIM_STATUSES));
  // The claims' trigger: its function is the one written from CLAIM_EVENTS, it is on, and it accepts exactly the definition's changes.
  const claims = STATUS_COLUMNS.find((c) => c.table === 'claims')!;
  const fn = await q<{ src: string }>("SELECT prosrc AS src FROM pg_proc WHERE oid = to_regprocedure('claims_check_transition()')");
  expect(fn[0]?.src).toBe(transitionFunctionBody(claims.transitions!));
  const claimId = await newClaim();
  const allowed = new Set(allowedClaimTransitions().map((p) => `${p.from}>${p.to}`));
  try {
    for (const from of CLAIM_STATUSES) {
      for (const to of CLAIM_STATUSES) {
        if (from !== to) expect(await claimMoves(claimId, from, to), `${from} -> ${to}`).toBe(allowed.has(`${from}>${to}`));
      }
    }
  } finally {
    await t.app.db.query('DELETE FROM claims WHERE id = $1', [claimId]);
  }
}

describe('the database holds the definition', () => {
  it('the CHECKs, the defaults and the claims trigger are the contract\'s', async () => {
    await expectDatabaseMatchesDefinition();
    const claimId = await newClaim();
    expect((await q<{ status: string }>('SELECT status FROM claims WHERE id = $1', [claimId]))[0].status).toBe(CLAIM_INITIAL_STATUS);
    await t.app.db.query('DELETE FROM claims WHERE id = $1', [claimId]);
    await expect(t.app.db.query("INSERT INTO claims (citizen_id, service_slug, institution, issue_id, description, status) VALUES ($1, 'acta-de-nacimiento', 'JCE', 1, 'Un estado que no existe', 'inventado')", [citizenId])).rejects.toThrow();
  });

  it('a start puts back a copy that drifted (an old CHECK, another default, a permissive or missing trigger)', async () => {
    await t.app.db.exec(`
      ALTER TABLE request_items DROP CONSTRAINT request_items_status_check,
        ADD CONSTRAINT request_items_status_check CHECK (status IN ('pendiente', 'pagado')) NOT VALID,
        ALTER COLUMN status SET DEFAULT 'pagado';
      ALTER TABLE claims DROP CONSTRAINT claims_status_check,
        ADD CONSTRAINT claims_status_check CHECK (status IN ('abierto', 'cerrado', 'archivado')) NOT VALID,
        ALTER COLUMN status SET DEFAULT 'cerrado';
      CREATE OR REPLACE FUNCTION claims_check_transition() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
      DROP TRIGGER claims_transition ON claims;
    `);
    expect(await checkStatuses('claims', 'claims_status_check')).toEqual(['abierto', 'archivado', 'cerrado']);
    expect(await statusesNamedAround('claims')).toContain('archivado');
    expect(await migrate(t.app.db)).toEqual([]);
    await expectDatabaseMatchesDefinition();
  });

  it('a start with nothing changed alters nothing', async () => {
    const oids = async () => q<{ conname: string; oid: number }>("SELECT conname, oid::int AS oid FROM pg_constraint WHERE conname IN ('request_items_status_check', 'claims_status_check') AND connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) ORDER BY conname");
    const before = await oids();
    expect(before).toHaveLength(2);
    await syncStatusConstraints(t.app.db);
    expect(await oids()).toEqual(before);
  });

  it('refuses to drop a status rows still hold, and changes nothing', async () => {
    const claimId = await newClaim();
    await t.app.db.query('UPDATE claims SET status = $2 WHERE id = $1', [claimId, CLAIM_STATUS.cerrado]);
    const claims = STATUS_COLUMNS.find((c) => c.table === 'claims')!;
    try {
      await expect(syncStatusConstraints(t.app.db, [{ ...claims, statuses: CLAIM_STATUSES.filter((s) => s !== CLAIM_STATUS.cerrado) }])).rejects.toThrow(/claims\.status.*cerrado/);
      expect(await checkStatuses('claims', 'claims_status_check')).toEqual(sorted(CLAIM_STATUSES));
    } finally {
      await t.app.db.query('DELETE FROM claims WHERE id = $1', [claimId]);
    }
  });
});

describe("the payment services' guards follow PAYMENT_EVENTS", () => {
  const charge = (status: PaymentStatus) => ({ status, request_status: 'enviada' }) as ChargeRow;
  const passes = (guard: (c: ChargeRow) => void, status: PaymentStatus) => {
    try {
      guard(charge(status));
      return true;
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      return false;
    }
  };

  it('a proof (or a payment) starts only where enviar_comprobante may; a proof is judged only where rechazar_comprobante may', () => {
    for (const s of PAYMENT_STATUSES) {
      expect(passes(requirePayable, s), s).toBe((PAYMENT_EVENTS.enviar_comprobante.from as readonly PaymentStatus[]).includes(s));
      expect(passes(requireUnderReview, s), s).toBe((PAYMENT_EVENTS.rechazar_comprobante.from as readonly PaymentStatus[]).includes(s));
    }
    // Nothing leaves a paid charge.
    expect(Object.values(PAYMENT_EVENTS).filter((e) => (e.from as readonly PaymentStatus[]).includes(PAYMENT_STATUS.pagado))).toEqual([]);
  });
});

describe('no source writes a payment or claim status as a string', () => {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  /** Every TypeScript source (tests aside) under `dir`, relative to the repository. */
  const sources = (dir: string) =>
    readdirSync(`${root}${dir}`, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`);
  const STATUSES: readonly string[] = [...PAYMENT_STATUSES, ...CLAIM_STATUSES];

  /** A string or template piece that is a status, or holds one quoted (SQL): 'pagado', "status = 'pagado'". Comments and JSX text are not strings. */
  function statusStrings(file: string, text: string): string[] {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
        const value = node.text;
        for (const status of STATUSES) {
          if (value === status || value.includes(`'${status}'`) || value.includes(`"${status}"`)) {
            found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} '${status}'`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  it('the scan finds a literal where there is one, and not in a comment or a message', () => {
    expect(statusStrings('x.ts', "if (c.status === 'pagado') x();")).toEqual(["x.ts:1 'pagado'"]);
    expect(statusStrings('x.ts', 'q(`UPDATE claims SET status = \'cerrado\' WHERE id = ${id}`);')).toEqual(["x.ts:1 'cerrado'"]);
    expect(statusStrings('x.tsx', "const a = <Badge color={s === 'en_proceso' ? 'yellow' : 'gray'}>pendiente</Badge>;")).toEqual(["x.tsx:1 'en_proceso'"]);
    expect(statusStrings('x.ts', "// status 'pagado'\n/** back to 'pendiente' */\nconst m = 'Este cargo ya está pagado';")).toEqual([]);
  });

  it('the server and the app name statuses through PAYMENT_STATUS, CLAIM_STATUS or the events, never as a string', () => {
    const files = [...sources('packages/server/src'), ...sources('app/src')];
    expect(files.length).toBeGreaterThan(100);
    // The payment and claim services above all: where the statuses change.
    expect(files.filter((f) => /services\/(payments|claims)\//.test(f)).length).toBeGreaterThan(5);
    expect(files.flatMap((file) => statusStrings(file, readFileSync(`${root}${file}`, 'utf8')))).toEqual([]);
  });
});
