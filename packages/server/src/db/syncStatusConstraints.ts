import {
  allowedClaimTransitions,
  CLAIM_INITIAL_STATUS,
  CLAIM_STATUSES,
  PAYMENT_INITIAL_STATUS,
  PAYMENT_STATUSES,
} from '@portal/api-contract';
import type { Db, Queryable } from './Db';

/** A row's changes of status, enforced by a trigger whose function is written from `pairs`. */
export interface StatusTransitions {
  fn: string;
  trigger: string;
  pairs: ReadonlyArray<{ from: string; to: string }>;
  /** The exception's text, followed by "old -> new". */
  message: string;
}

/**
 * A status column whose values, default and (optionally) allowed changes are
 * defined once in @portal/api-contract and only copied into the database.
 */
export interface StatusColumn {
  table: string;
  /** The CHECK that lists the statuses (the name the migration gave it). */
  check: string;
  statuses: readonly string[];
  initial: string;
  transitions?: StatusTransitions;
}

/**
 * The copies this module writes: payment statuses (paymentSchema.ts, on the
 * charges of migrations 005 and 021) and claim statuses with their
 * transitions (claimSchema.ts, migration 020).
 */
export const STATUS_COLUMNS: readonly StatusColumn[] = [
  { table: 'request_items', check: 'request_items_status_check', statuses: PAYMENT_STATUSES, initial: PAYMENT_INITIAL_STATUS },
  {
    table: 'claims',
    check: 'claims_status_check',
    statuses: CLAIM_STATUSES,
    initial: CLAIM_INITIAL_STATUS,
    transitions: { fn: 'claims_check_transition', trigger: 'claims_transition', pairs: allowedClaimTransitions(), message: 'cambio de estado de reclamo no permitido' },
  },
];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Identificador no válido: ${name}`);
  return name;
}

/** A SQL string literal. */
export function sqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** The string literals of an expression as PostgreSQL prints it (pg_get_constraintdef, pg_get_expr). */
export function literalsOf(expression: string): string[] {
  return [...expression.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
}

const sameSet = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

/** The body of the trigger function that refuses every change of status `pairs` does not list. */
export function transitionFunctionBody(transitions: StatusTransitions): string {
  const list = transitions.pairs.map((p) => `(${sqlLiteral(p.from)}, ${sqlLiteral(p.to)})`).join(', ');
  const refused = list ? `NEW.status IS DISTINCT FROM OLD.status AND (OLD.status, NEW.status) NOT IN (${list})` : 'NEW.status IS DISTINCT FROM OLD.status';
  return `
BEGIN
  IF ${refused} THEN
    RAISE EXCEPTION ${sqlLiteral(`${transitions.message}: % -> %`)}, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
`;
}

async function syncColumn(tx: Queryable, column: StatusColumn): Promise<void> {
  const table = identifier(column.table);
  const check = identifier(column.check);
  // The CHECK: replaced only when its list differs (adding it scans the table).
  const current = await tx.query<{ def: string }>(
    'SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = to_regclass($1) AND conname = $2',
    [table, check],
  );
  if (!current.rows[0] || !sameSet(literalsOf(current.rows[0].def), column.statuses)) {
    const stray = await tx.query<{ status: string }>(`SELECT DISTINCT status FROM ${table} WHERE NOT (status = ANY ($1::text[])) ORDER BY status`, [[...column.statuses]]);
    if (stray.rows.length) {
      throw new Error(
        `${table}.status tiene estados que la definición ya no tiene (${stray.rows.map((r) => r.status).join(', ')}): una migración debe cambiarlos antes de arrancar`,
      );
    }
    await tx.query(
      `ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${check}, ADD CONSTRAINT ${check} CHECK (status IN (${column.statuses.map(sqlLiteral).join(', ')}))`,
    );
  }
  // The default: a new row's status.
  const def = await tx.query<{ expr: string | null }>(
    `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE a.attrelid = to_regclass($1) AND a.attname = 'status'`,
    [table],
  );
  const expr = def.rows[0]?.expr ?? null;
  if (expr === null || literalsOf(expr).join() !== column.initial) {
    await tx.query(`ALTER TABLE ${table} ALTER COLUMN status SET DEFAULT ${sqlLiteral(column.initial)}`);
  }
  // The transitions: the trigger function's body is written from the definition.
  if (column.transitions) {
    const fn = identifier(column.transitions.fn);
    const trigger = identifier(column.transitions.trigger);
    const body = transitionFunctionBody(column.transitions);
    const stored = await tx.query<{ src: string }>('SELECT prosrc AS src FROM pg_proc WHERE oid = to_regprocedure($1)', [`${fn}()`]);
    if (stored.rows[0]?.src !== body) {
      await tx.query(`CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $fn$${body}$fn$`);
    }
    const exists = await tx.query('SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = $2', [table, trigger]);
    if (!exists.rows.length) {
      await tx.query(`CREATE TRIGGER ${trigger} BEFORE UPDATE OF status ON ${table} FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    }
  }
}

/**
 * Writes the one definition of payment and claim statuses (@portal/api-contract:
 * paymentSchema.ts, claimSchema.ts) into the database, as syncRequestWorkflow.ts
 * does for request statuses: each status column's CHECK and default, and the
 * claims' transition trigger. Migrations 005, 020 and 021 wrote the first copy
 * by hand; from then on the definition wins. Each piece is replaced only when
 * it differs, so a start with nothing changed alters nothing. A table not yet
 * created is skipped. Runs after the migrations, in one transaction; refuses to
 * drop a status rows still hold.
 */
export async function syncStatusConstraints(db: Db, columns: readonly StatusColumn[] = STATUS_COLUMNS): Promise<void> {
  const present: StatusColumn[] = [];
  for (const column of columns) {
    const { rows } = await db.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [identifier(column.table)]);
    if (rows[0]?.exists) present.push(column);
  }
  if (!present.length) return;
  await db.transaction(async (tx) => {
    for (const column of present) await syncColumn(tx, column);
  });
}
