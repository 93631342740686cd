/**
 * Versioned forms (issue 26 §1). Publishing a form creates an immutable
 * version: a sequence number per form and the SHA-256 of its schema, kept in
 * `form_versions` with the schema; its precompiled standalone validators (the
 * browser's, as an ES module) and its Spanish rule table are generated from
 * the schema the first time a server is asked for them, and kept.
 *
 * - Each draft records the version it is on and each request the version it
 *   was submitted under (`applications.form_version`), forever: a request is
 *   read back through its own version.
 * - The current version of a form is the highest number. A server keeps it
 *   for CURRENT_TTL_MS; a publication's notification (PostgreSQL, the
 *   reference imports' channel) makes every server of a cluster forget it at
 *   once, and the TTL bounds it when that connection is down: a new version
 *   is served everywhere within a minute without a restart. A version itself
 *   never changes and is kept for the life of the process.
 * - At start the server publishes each file of schemas/ whose hash was never
 *   published for its form (a fresh database: version 1 of every form; a
 *   release with a changed file: the next version). A restart with a file an
 *   analyst has since replaced by publishing changes nothing; publishing an
 *   older file again on purpose (the rollback) is a new version.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FormSchema } from '@portal/form-engine';
import { BUILT_IN_FORMS, formDocs, listForms, readFormFile, schemasDir, standaloneValidatorsModule } from '@portal/form-engine/node';
import type { Db, Queryable } from '../../db/Db';
import { notifyFormPublished } from '../referenceNotifications';

/** How long a server keeps a form's current version before asking the database again. */
export const CURRENT_TTL_MS = 30_000;

export interface FormVersion {
  form: string;
  version: number;
  hash: string;
  schema: FormSchema;
  note: string;
  publishedBy: number | null;
  publishedAt: string;
}

interface VersionRow {
  form: string;
  version: number;
  hash: string;
  /** The schema's JSON text (its properties' order is the form's order). */
  schema: string;
  note: string;
  published_by: number | null;
  published_at: Date | string;
}

const COLUMNS = 'form, version, hash, schema, note, published_by, published_at';

const toVersion = (row: VersionRow): FormVersion => ({
  form: row.form,
  version: row.version,
  hash: row.hash,
  schema: JSON.parse(row.schema) as FormSchema,
  note: row.note,
  publishedBy: row.published_by,
  publishedAt: new Date(row.published_at).toISOString(),
});

/** The SHA-256 (hex) of a schema's JSON text: the content hash of a version. */
export function formHash(schema: FormSchema): string {
  return createHash('sha256').update(JSON.stringify(schema)).digest('hex');
}

interface Caches {
  current: Map<string, { at: number; version: Promise<FormVersion | null> }>;
  versions: Map<string, Promise<FormVersion | null>>;
}
/** Per database (tests build several apps in one process). */
const caches = new WeakMap<object, Caches>();
function cachesOf(db: Queryable): Caches {
  let found = caches.get(db);
  if (!found) caches.set(db, (found = { current: new Map(), versions: new Map() }));
  return found;
}

/** A failed read is not kept (unless a newer read replaced it meanwhile). */
function keep<K>(map: Map<K, unknown>, key: K, entry: unknown, promise: Promise<unknown>): void {
  map.set(key, entry);
  promise.catch(() => map.get(key) === entry && map.delete(key));
}

/** Version `version` of `form`, or null when there is none. */
export function formVersion(db: Queryable, form: string, version: number): Promise<FormVersion | null> {
  const { versions } = cachesOf(db);
  const key = `${form}@${version}`;
  const kept = versions.get(key);
  if (kept) return kept;
  const read = db
    .query<VersionRow>(`SELECT ${COLUMNS} FROM form_versions WHERE form = $1 AND version = $2`, [form, version])
    .then(({ rows }) => (rows[0] ? toVersion(rows[0]) : null));
  // Absent versions are not kept: one may be published in a moment.
  void read.then((found) => found === null && versions.get(key) === read && versions.delete(key), () => undefined);
  keep(versions, key, read, read);
  return read;
}

/** The current (highest) version of `form`, or null when it was never published. */
export function currentFormVersion(db: Queryable, form: string): Promise<FormVersion | null> {
  const { current, versions } = cachesOf(db);
  const kept = current.get(form);
  if (kept && Date.now() - kept.at < CURRENT_TTL_MS) return kept.version;
  const read = db
    .query<VersionRow>(`SELECT ${COLUMNS} FROM form_versions WHERE form = $1 ORDER BY version DESC LIMIT 1`, [form])
    .then(({ rows }) => {
      if (!rows[0]) return null;
      // The version already kept, when it is: the same schema object, so the engine's compilation
      // (cached per object) is not redone every CURRENT_TTL_MS.
      const key = `${form}@${rows[0].version}`;
      const kept = versions.get(key);
      if (kept) return kept.then((found) => found ?? toVersion(rows[0]));
      const found = toVersion(rows[0]);
      versions.set(key, Promise.resolve(found));
      return found;
    });
  const entry = { at: Date.now(), version: read };
  keep(current, form, entry, read);
  return read;
}

/** The latest version of `form` with that schema hash (a rollback publishes a hash again: same schema, same module), or null. */
export async function formVersionByHash(db: Queryable, form: string, hash: string): Promise<FormVersion | null> {
  const { rows } = await db.query<{ version: number }>('SELECT max(version) AS version FROM form_versions WHERE form = $1 AND hash = $2', [form, hash]);
  return rows[0]?.version ? formVersion(db, form, rows[0].version) : null;
}

/** Forgets the current versions this server keeps for `db` (it has just published one). */
export function forgetCurrentVersions(db: Queryable): void {
  cachesOf(db).current.clear();
}

/** A version as the back office lists it: without its schema, with the publisher's name (null: the server, from its files). */
export interface ListedVersion {
  version: number;
  hash: string;
  note: string;
  publishedAt: string;
  publishedBy: string | null;
}

/** Every version of a form, newest first (the back office's list). */
export async function listFormVersions(db: Queryable, form: string): Promise<ListedVersion[]> {
  const { rows } = await db.query<{ version: number; hash: string; note: string; published_at: Date | string; published_by: string | null }>(
    `SELECT v.version, v.hash, v.note, v.published_at, s.name AS published_by
       FROM form_versions v LEFT JOIN staff s ON s.id = v.published_by
      WHERE v.form = $1 ORDER BY v.version DESC`,
    [form],
  );
  return rows.map((r) => ({ version: r.version, hash: r.hash, note: r.note, publishedAt: new Date(r.published_at).toISOString(), publishedBy: r.published_by }));
}

/** The names of the forms with a published version, in order (built-in ones published before they were told apart left out). */
export async function listPublishedForms(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ form: string }>('SELECT DISTINCT form FROM form_versions ORDER BY form');
  return rows.map((r) => r.form).filter((form) => !BUILT_IN_FORMS.includes(form));
}

export interface PublishInput {
  form: string;
  schema: FormSchema;
  /** One line kept with the version (1–500 characters). */
  note: string;
  /** The staff member publishing; null for the server publishing the files it ships. */
  staffId: number | null;
  /** Publish only when no version of the form has this schema's hash (the start-up publication). */
  unlessPublished?: boolean;
  /** The version the publisher compared with (0: none): another one published meanwhile refuses it (null, nothing written). */
  baseVersion?: number;
  /** Written in the same transaction (the audit row of a staff member's publication). */
  alsoWrite?(tx: Queryable, version: FormVersion): Promise<void>;
}

/**
 * Publishes a version: the next number of its form (one publisher at a time per form, by an advisory
 * lock held for the transaction). Drafts and requests written before versions existed are put on the
 * form's first version. Returns the version and whether it is new.
 */
export async function publishFormVersion(db: Db, input: PublishInput): Promise<{ version: FormVersion; created: boolean } | null> {
  const hash = formHash(input.schema);
  const result = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('form_versions:' || $1))", [input.form]);
    if (input.baseVersion !== undefined) {
      const { rows } = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM form_versions WHERE form = $1', [input.form]);
      if ((rows[0]?.version ?? 0) !== input.baseVersion) return null;
    }
    if (input.unlessPublished) {
      const { rows } = await tx.query<VersionRow>(
        `SELECT ${COLUMNS} FROM form_versions WHERE form = $1 AND hash = $2 ORDER BY version DESC LIMIT 1`,
        [input.form, hash],
      );
      if (rows[0]) return { version: toVersion(rows[0]), created: false };
    }
    const { rows } = await tx.query<VersionRow>(
      `INSERT INTO form_versions (form, version, hash, schema, note, published_by)
       SELECT $1, coalesce(max(version), 0) + 1, $2, $3, $4, $5 FROM form_versions WHERE form = $1
       RETURNING ${COLUMNS}`,
      [input.form, hash, JSON.stringify(input.schema), input.note, input.staffId],
    );
    const version = toVersion(rows[0]);
    if (version.version === 1) {
      await tx.query('UPDATE applications SET form_version = 1 WHERE form = $1 AND form_version IS NULL', [input.form]);
    }
    await input.alsoWrite?.(tx, version);
    // Delivered on commit: the other servers (PostgreSQL) forget their current versions at once, not after CURRENT_TTL_MS.
    await notifyFormPublished(tx);
    return { version, created: true };
  });
  if (result?.created) forgetCurrentVersions(db);
  return result;
}

/** The note of a version the server published from the files it ships. */
export const shippedNote = (form: string) => `Publicado al iniciar el servidor desde schemas/${form}/schema.json`;

/** Publishes each form of schemas/ whose file was never published (the built-in ones are the release's); returns the versions created. */
export async function publishShippedForms(db: Db, dir: string = schemasDir()): Promise<FormVersion[]> {
  const created: FormVersion[] = [];
  for (const form of listForms(dir).filter((name) => !BUILT_IN_FORMS.includes(name))) {
    const schema = readFormFile(join(dir, form, 'schema.json'));
    const published = await publishFormVersion(db, { form, schema, note: shippedNote(form), staffId: null, unlessPublished: true });
    if (published?.created) created.push(published.version);
  }
  return created;
}

/** Per process: generated once per content hash (a pure function of the schema). */
const generated = new Map<string, { validators: string; rules: string }>();

/**
 * A version's browser validators (an ES module) and Spanish rule table: generated from its schema the
 * first time any server is asked, then kept in its row.
 */
export async function versionArtifacts(db: Queryable, version: FormVersion): Promise<{ validators: string; rules: string }> {
  const known = generated.get(version.hash);
  if (known) return known;
  const { rows } = await db.query<{ validators: string | null; rules: string | null }>(
    'SELECT validators, rules FROM form_versions WHERE form = $1 AND version = $2',
    [version.form, version.version],
  );
  let validators = rows[0]?.validators ?? null;
  let rules = rows[0]?.rules ?? null;
  if (validators === null || rules === null) {
    validators ??= standaloneValidatorsModule([version.schema], null);
    rules ??= formDocs(version.schema, `schemas/${version.form}/schema.json`);
    await db.query(
      'UPDATE form_versions SET validators = coalesce(validators, $3), rules = coalesce(rules, $4) WHERE form = $1 AND version = $2',
      [version.form, version.version, validators, rules],
    );
  }
  const artifacts = { validators, rules };
  generated.set(version.hash, artifacts);
  return artifacts;
}
