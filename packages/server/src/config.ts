import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import {
  CONFIG_RULES,
  CONFIG_VARIABLES,
  configSchema,
  listEntries,
  variableSchema,
  type ConfigEnv,
  type ConfigVariable,
  type GivenVariables,
} from './configSchema';
import type { DocumentStorageKind } from './services/storage/DocumentStorage';
import type { S3Config } from './services/storage/s3Storage';

/*
 * The server's configuration: the environment variables of configSchema.ts, validated by Ajv
 * against that schema, turned into the `Config` the server uses. The only module of
 * packages/server/src that reads variables of the environment (test/processEnv.test.ts).
 */

/** argon2id cost parameters; production values come from {@link PRODUCTION_ARGON2}. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Fastify's trustProxy forms that never believe a client's own X-Forwarded-For. */
export type TrustProxy = false | number | string[];

/** OWASP ASVS floor for argon2id: m >= 19 MiB, t >= 2. */
export const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const UPLOAD_MAX_BYTES = 52_428_800;

/** SURVEY_URL default: a page of the portal that stands in until the real survey form exists. */
export const DEFAULT_SURVEY_URL = configSchema.properties.SURVEY_URL.default;
/** REGISTRO_UNICO_URL default: a page of the portal that stands in until the single-registration address is known. */
export const DEFAULT_REGISTRO_UNICO_URL = configSchema.properties.REGISTRO_UNICO_URL.default;

export type LogLevel = ConfigEnv['LOG_LEVEL'];
/** ANALYTICS values: our own endpoint and table, or nothing recorded. */
export type AnalyticsMode = ConfigEnv['ANALYTICS'];

/** One bad variable and what is wrong with it, in Spanish. */
export interface ConfigProblem {
  variable: ConfigVariable;
  detail: string;
}

/**
 * Thrown when environment variables are missing or malformed: one line per bad variable, each
 * naming it, in Spanish. `variable` is the first of them (in the schema's order).
 */
export class ConfigError extends Error {
  readonly variable: ConfigVariable;

  constructor(readonly problems: readonly [ConfigProblem, ...ConfigProblem[]]) {
    super(problems.map(({ variable, detail }) => `Configuración inválida: ${variable} ${detail}`).join('\n'));
    this.name = 'ConfigError';
    this.variable = problems[0].variable;
  }
}

// ---------------------------------------------------------------------------------------------
// Messages: one wording per kind of variable, shared by the errors and the README table.

const VALUE = '{valor}';

function quotedList(values: readonly string[]): string {
  const quoted = values.map((value) => `"${value}"`);
  return quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} o ${quoted[quoted.length - 1]}`;
}

/**
 * What a valid value of `name` is, in Spanish, as the error message says it; `{valor}` stands for
 * the value given (left out of the README). Undefined for a variable any text satisfies.
 */
export function requirementOf(name: ConfigVariable): string | undefined {
  const schema = variableSchema(name);
  if (schema.errorMessage !== undefined) return schema.errorMessage;
  if (schema.rule !== undefined) return CONFIG_RULES[schema.rule].requirement;
  if (schema.protocols !== undefined) return `debe usar uno de estos protocolos: ${schema.protocols.join(', ')}`;
  if (schema.enum !== undefined) return `debe ser ${quotedList(schema.enum)} (recibido "${VALUE}")`;
  if (schema.type === 'boolean') return `debe ser ${quotedList(['true', 'false'])} (recibido "${VALUE}")`;
  if (schema.type === 'integer') return `debe ser un número entero entre ${schema.minimum} y ${schema.maximum} (recibido "${VALUE}")`;
  if (schema.type === 'number') return `debe ser un número mayor que ${schema.exclusiveMinimum} y como máximo ${schema.maximum} (recibido "${VALUE}")`;
  return undefined;
}

/** "AGENCIES=http": the condition of a variable read only with another one's value. */
export function conditionOf(name: ConfigVariable): string | undefined {
  const when = variableSchema(name).when;
  return when === undefined ? undefined : Object.entries(when).map(([variable, value]) => `${variable}=${value}`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Validation with Ajv.

/** Strings the environment gives for a number or a boolean: plain digits, as the text is checked before Ajv coerces it. */
const TEXT_FORMS = { integer: '^\\d+$', number: '^\\d+(\\.\\d+)?$', boolean: '^(true|false)$' } as const;

/**
 * The schema Ajv compiles, derived from configSchema:
 * 1. the text form of numbers and booleans (Ajv would coerce "1e3" or "0x10");
 * 2. the schema itself (types, coerced; defaults; enums, ranges, patterns, protocols);
 * 3. per condition (`when`), the variables it makes `mandatory`.
 */
function validationSchema(): object {
  const textForms: Record<string, object> = {};
  const mandatory = new Map<string, { condition: Record<string, string>; names: string[] }>();
  for (const name of CONFIG_VARIABLES) {
    const schema = variableSchema(name);
    if (schema.type !== 'string') textForms[name] = { type: 'string', pattern: TEXT_FORMS[schema.type] };
    if (schema.mandatory && schema.when !== undefined) {
      const key = JSON.stringify(schema.when);
      const group = mandatory.get(key) ?? { condition: schema.when, names: [] };
      group.names.push(name);
      mandatory.set(key, group);
    }
  }
  const rules = [...mandatory.values()].map(({ condition, names }) => ({
    if: {
      properties: Object.fromEntries(Object.entries(condition).map(([variable, value]) => [variable, { const: value }])),
      required: Object.keys(condition),
    },
    then: { required: names },
  }));
  return { type: 'object', allOf: [{ properties: textForms }, configSchema, ...rules] };
}

/** The `protocols` keyword: a URL (WHATWG parser) with one of these protocols; Ajv reads the errors from `checkProtocols.errors`. */
function checkProtocols(allowed: readonly string[], value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    checkProtocols.errors = [{ keyword: 'protocols', params: { reason: 'url' } }];
    return false;
  }
  if (allowed.includes(url.protocol)) return true;
  checkProtocols.errors = [{ keyword: 'protocols', params: { reason: 'protocol' } }];
  return false;
}
checkProtocols.errors = [] as Pick<ErrorObject, 'keyword' | 'params'>[];

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled !== undefined) return compiled;
  // Compiled once per process and run once: unoptimized code compiles faster.
  const ajv = new Ajv({ allErrors: true, coerceTypes: true, useDefaults: true, strict: true, code: { optimize: false } });
  for (const keyword of ['when', 'mandatory', 'errorMessage', 'rule', 'defaultText']) ajv.addKeyword({ keyword });
  ajv.addKeyword({ keyword: 'protocols', type: 'string', schemaType: 'array', errors: true, validate: checkProtocols });
  compiled = ajv.compile(validationSchema());
  return compiled;
}

/**
 * The variables given: trimmed, an empty one as if unset, and one read only under a condition
 * (`when`) left out when that condition does not hold.
 */
function givenVariables(env: Readonly<Record<string, string | undefined>>): Partial<Record<ConfigVariable, string>> {
  const trimmed: Partial<Record<ConfigVariable, string>> = {};
  for (const name of CONFIG_VARIABLES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') trimmed[name] = value;
  }
  const holds = (when: Readonly<Record<string, string>>) =>
    Object.entries(when).every(([variable, value]) => (trimmed[variable as ConfigVariable] ?? variableSchema(variable as ConfigVariable).default) === value);
  return Object.fromEntries(Object.entries(trimmed).filter(([name]) => {
    const when = variableSchema(name as ConfigVariable).when;
    return when === undefined || holds(when);
  }));
}

/** The Spanish detail of one Ajv error, or undefined for an error that only repeats another (`if`). */
function problemOf(error: ErrorObject, given: GivenVariables): ConfigProblem | undefined {
  if (error.keyword === 'if') return undefined;
  if (error.keyword === 'required') {
    const variable = error.params.missingProperty as ConfigVariable;
    return { variable, detail: `es obligatoria cuando ${conditionOf(variable)}` };
  }
  const variable = error.instancePath.slice(1) as ConfigVariable;
  if (error.keyword === 'protocols' && error.params.reason === 'url') return { variable, detail: 'no es una URL válida' };
  const requirement = requirementOf(variable) ?? 'no es válida';
  return { variable, detail: requirement.replaceAll(VALUE, given[variable] ?? '') };
}

/**
 * The variables checked: Ajv against the schema, then the `rule` functions on the values given.
 * Throws {@link ConfigError} listing every bad variable.
 */
function validate(env: Readonly<Record<string, string | undefined>>): ConfigEnv {
  const given = givenVariables(env);
  const values: Record<string, unknown> = { ...given };
  const check = validator();
  const problems = new Map<ConfigVariable, string>();
  if (!check(values)) {
    for (const error of check.errors ?? []) {
      const problem = problemOf(error, given);
      if (problem !== undefined && !problems.has(problem.variable)) problems.set(problem.variable, problem.detail);
    }
  }
  for (const name of CONFIG_VARIABLES) {
    const rule = variableSchema(name).rule;
    const value = given[name];
    if (rule === undefined || value === undefined || problems.has(name)) continue;
    const detail = CONFIG_RULES[rule].check(value, given);
    if (detail !== undefined) problems.set(name, detail);
  }
  const listed = CONFIG_VARIABLES.filter((name) => problems.has(name)).map((variable) => ({ variable, detail: problems.get(variable) as string }));
  if (listed.length > 0) throw new ConfigError(listed as [ConfigProblem, ...ConfigProblem[]]);
  return values as ConfigEnv;
}

// ---------------------------------------------------------------------------------------------
// From the validated variables to the configuration the server uses.

const withoutTrailingSlashes = (url: string) => url.replace(/\/+$/, '');

/** The browser URLs are normalized (`new URL().href`); their default, a path of the portal, is kept. */
const browserUrl = (value: string) => (URL.canParse(value) ? new URL(value).href : value);

function agencies(env: ConfigEnv) {
  if (env.AGENCIES === 'sandbox') return { mode: env.AGENCIES };
  return {
    mode: env.AGENCIES,
    baseUrl: withoutTrailingSlashes(env.AGENCY_BASE_URL as string),
    apiKey: env.AGENCY_API_KEY as string,
    timeoutMs: env.AGENCY_TIMEOUT_MS,
  };
}

/**
 * Payment providers (docs/payments.md): the sandbox (our own card processor, card payment page
 * and bank, with documented test values) or the real gateway and card payment page.
 */
function payments(env: ConfigEnv) {
  if (env.PAYMENTS === 'sandbox') return { mode: env.PAYMENTS };
  return {
    mode: env.PAYMENTS,
    gatewayUrl: withoutTrailingSlashes(env.PAYMENT_GATEWAY_URL as string),
    apiKey: env.PAYMENT_GATEWAY_KEY as string,
    timeoutMs: env.PAYMENT_TIMEOUT_MS,
    cardPage: {
      url: env.AZUL_PAGE_URL as string,
      merchantId: env.AZUL_MERCHANT_ID as string,
      merchantName: env.AZUL_MERCHANT_NAME as string,
      merchantType: env.AZUL_MERCHANT_TYPE,
      authKey: env.AZUL_AUTH_KEY as string,
    },
  };
}

/** The S3_* variables (bucket and keys required with DOCUMENT_STORAGE=s3). */
function s3(env: ConfigEnv): S3Config {
  return {
    endpoint: env.S3_ENDPOINT === undefined ? null : withoutTrailingSlashes(env.S3_ENDPOINT),
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX === '' || env.S3_PREFIX.endsWith('/') ? env.S3_PREFIX : `${env.S3_PREFIX}/`,
  };
}

/** TRUST_PROXY (checked by its rule): false, a hop count, or the proxies' addresses/CIDRs. */
function trustProxy(value: string): TrustProxy {
  if (value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return listEntries(value);
}

/** PUBLIC_URL as an origin; by default the portal on this machine (http://localhost:PORT). */
function publicOrigin(env: ConfigEnv): string {
  return new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
}

/** The passkeys' relying party: the portal's name, its domain (RP ID) and its origin. */
function relyingParty(origin: string) {
  return { name: 'Portal Ciudadano', rpId: new URL(origin).hostname, origin };
}

function toConfig(env: ConfigEnv) {
  const inMemory = env.DATA_DIR === 'memory://';
  const defaultUploadDir = inMemory ? path.join(tmpdir(), `portal-uploads-${randomUUID()}`) : path.join(env.DATA_DIR, 'uploads');
  return {
    port: env.PORT,
    host: env.HOST,
    /** Data folder; the literal `memory://` keeps PGlite in memory (tests). */
    dataDir: env.DATA_DIR,
    /** PGlite data directory derived from dataDir (DATA_DIR/pglite or memory://). */
    pgliteDataDir: inMemory ? 'memory://' : path.join(env.DATA_DIR, 'pglite'),
    /** PostgreSQL connection string; null selects the embedded PGlite database. */
    databaseUrl: env.DATABASE_URL ?? null,
    databaseSchema: env.DATABASE_SCHEMA ?? null,
    databasePoolMax: env.DATABASE_POOL_MAX,
    agencies: agencies(env),
    payments: payments(env),
    sessionTtlHours: env.SESSION_TTL_HOURS,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? defaultUploadDir),
    documentStorage: env.DOCUMENT_STORAGE satisfies DocumentStorageKind,
    /** The bucket of DOCUMENT_STORAGE=s3; null with the other backends. */
    s3: env.DOCUMENT_STORAGE === 's3' ? s3(env) : null,
    /** Maximum upload size in bytes, enforced while streaming. */
    uploadMaxBytes: UPLOAD_MAX_BYTES,
    uploadQuotaBytes: env.UPLOAD_QUOTA_BYTES,
    uploadQuotaFiles: env.UPLOAD_QUOTA_FILES,
    /** DISK_MIN_FREE_MB in bytes: below it uploads and drafts answer 507 and readiness 503 (services/storage/diskSpace.ts); 0 never checks. */
    diskMinFreeBytes: env.DISK_MIN_FREE_MB * 1024 * 1024,
    staticDir: path.resolve(env.STATIC_DIR),
    logLevel: env.LOG_LEVEL,
    trustProxy: trustProxy(env.TRUST_PROXY),
    /** null: generated and kept (services/secretKey.ts). */
    secretKey: env.SECRET_KEY ?? null,
    rateLimitAllowList: env.RATE_LIMIT_ALLOWLIST === undefined ? [] : listEntries(env.RATE_LIMIT_ALLOWLIST),
    /** null: each process counts its own limits. */
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    overloadMaxEventLoopDelayMs: env.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    /** How long a client may take to send a request, and to stay silent or idle (http/httpTimeouts.ts). */
    httpTimeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      bodyMs: env.HTTP_BODY_TIMEOUT_MS,
      requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
      idleMs: env.HTTP_IDLE_TIMEOUT_MS,
      keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    /** null: /metrics answers 404. */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** null keeps mail in the outbox table only. */
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    argon2: PRODUCTION_ARGON2,
    maxOpenDrafts: env.MAX_OPEN_DRAFTS,
    analytics: env.ANALYTICS,
    /** null: the built-in header. */
    headerScriptUrl: env.HEADER_SCRIPT_URL === undefined ? null : browserUrl(env.HEADER_SCRIPT_URL),
    surveyUrl: browserUrl(env.SURVEY_URL),
    registroUnicoUrl: browserUrl(env.REGISTRO_UNICO_URL),
    /** PUBLIC_URL's origin (checked by its rule), and the passkeys' relying party that follows from it. */
    publicUrl: publicOrigin(env),
    webauthn: relyingParty(publicOrigin(env)),
  };
}

/** Validated server configuration, built once at start by {@link loadConfig}; its type follows from configSchema.ts. */
export type Config = ReturnType<typeof toConfig>;
/** How the outside agencies (JCE, ONAPI, DGII, INAPA) are reached. */
export type AgencyConfig = Config['agencies'];
export type PaymentConfig = Config['payments'];

/**
 * Reads and validates the environment. Throws {@link ConfigError} (Spanish, one line per bad
 * variable, naming it) when any value is invalid.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  return toConfig(validate(env));
}
