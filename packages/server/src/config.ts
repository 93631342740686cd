import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { isIP } from 'node:net';
import path from 'node:path';
import type { DocumentStorageKind } from './services/storage/DocumentStorage';
import type { S3Config } from './services/storage/s3Storage';

/** How the outside agencies (JCE, ONAPI, DGII, INAPA) are reached. */
export type AgencyConfig =
  | { mode: 'sandbox' }
  | { mode: 'http'; baseUrl: string; apiKey: string; timeoutMs: number };

/**
 * Payment providers (docs/payments.md): the sandbox (our own card processor,
 * card payment page and bank, with documented test values) or the real
 * gateway and card payment page.
 */
export type PaymentConfig =
  | { mode: 'sandbox' }
  | {
      mode: 'http';
      gatewayUrl: string;
      apiKey: string;
      timeoutMs: number;
      cardPage: { url: string; merchantId: string; merchantName: string; merchantType: string; authKey: string };
    };

/** argon2id cost parameters; production values come from {@link PRODUCTION_ARGON2}. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** Validated server configuration. Built once at start by {@link loadConfig}. */
export interface Config {
  port: number;
  host: string;
  /** Data folder; the literal `memory://` keeps PGlite in memory (tests). */
  dataDir: string;
  /** PGlite data directory derived from dataDir (DATA_DIR/pglite or memory://). */
  pgliteDataDir: string;
  /** PostgreSQL connection string; null selects the embedded PGlite database. */
  databaseUrl: string | null;
  /** Optional PostgreSQL schema (created on start and put on the search_path). */
  databaseSchema: string | null;
  /** Most PostgreSQL connections of this server's pool (DATABASE_POOL_MAX; the notification connection is one more). */
  databasePoolMax: number;
  agencies: AgencyConfig;
  payments: PaymentConfig;
  sessionTtlHours: number;
  /** Folder of the documents with DOCUMENT_STORAGE=local (UPLOAD_DIR). */
  uploadDir: string;
  /** Where documents are kept (DOCUMENT_STORAGE): this folder, the database, or S3-compatible storage. */
  documentStorage: DocumentStorageKind;
  /** The bucket of DOCUMENT_STORAGE=s3 (S3_* variables); null with the other backends. */
  s3: S3Config | null;
  /** Maximum upload size in bytes, enforced while streaming. */
  uploadMaxBytes: number;
  /** Bytes of documents one citizen may store (UPLOAD_QUOTA_BYTES). */
  uploadQuotaBytes: number;
  /** Documents one citizen may store (UPLOAD_QUOTA_FILES). */
  uploadQuotaFiles: number;
  staticDir: string;
  logLevel: LogLevel;
  /**
   * Which peers may set X-Forwarded-For/-Proto: false (none), a hop count, or a list of
   * addresses, CIDR ranges and proxy-addr keywords. It decides the client address every
   * limit counts, and the Secure cookie flag.
   */
  trustProxy: TrustProxy;
  /** Key of the one-time code HMACs (SECRET_KEY); null: generated and kept (services/secretKey.ts). */
  secretKey: string | null;
  /** Client addresses exempt from the per-route rate limits (trusted monitors, load tests). */
  rateLimitAllowList: string[];
  /** Redis holding the per-address limits of every server (REDIS_URL, redis:// or rediss://); null: each process counts its own. */
  redisUrl: string | null;
  /** Prefix of this portal's keys in that Redis (REDIS_PREFIX), so several portals or environments can share one. */
  redisPrefix: string;
  /** Event-loop delay in ms above which requests get a 503 (OVERLOAD_MAX_EVENT_LOOP_DELAY_MS); 0 disables the check. */
  overloadMaxEventLoopDelayMs: number;
  /** Bearer token that opens GET /metrics (METRICS_TOKEN, at least 16 characters); null: /metrics answers 404. */
  metricsToken: string | null;
  /** SMTP server for the outbox (smtp:// or smtps://, credentials in the URL); null keeps mail in the outbox table only. */
  smtpUrl: string | null;
  /** Sender of the portal's e-mail. */
  mailFrom: string;
  argon2: Argon2Cost;
  /** Open drafts (status borrador) one citizen may keep (MAX_OPEN_DRAFTS); creating one more answers 429. */
  maxOpenDrafts: number;
  /** Where page views go (ANALYTICS): 'propio' stores path and time in our database, 'ninguno' stores nothing. */
  analytics: AnalyticsMode;
  /** External script that draws the page header (HEADER_SCRIPT_URL); null: the built-in header. Its origin joins the CSP script-src. */
  headerScriptUrl: string | null;
  /** Survey opened by the WELLCOME modal (SURVEY_URL); default the portal's placeholder page /encuesta. */
  surveyUrl: string;
  /** Single-registration sign-up address of the REGISTRO_UNICO modal (REGISTRO_UNICO_URL). */
  registroUnicoUrl: string;
}

/** ANALYTICS values: our own endpoint and table, or nothing recorded. */
export type AnalyticsMode = 'propio' | 'ninguno';

/** Fastify's trustProxy forms that never believe a client's own X-Forwarded-For. */
export type TrustProxy = false | number | string[];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** OWASP ASVS floor for argon2id: m >= 19 MiB, t >= 2. */
export const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const UPLOAD_MAX_BYTES = 52_428_800;

/** SURVEY_URL default: a page of the portal that stands in until the real survey form exists. */
export const DEFAULT_SURVEY_URL = '/encuesta';
/** REGISTRO_UNICO_URL default: a page of the portal that stands in until the single-registration address is known. */
export const DEFAULT_REGISTRO_UNICO_URL = '/registro-unico';

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Thrown when an environment variable is missing or malformed; the message names it, in Spanish. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Configuración inválida: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `debe ser un número entero entre ${min} y ${max} (recibido "${raw}")`);
  }
  return Number(raw);
}

function readPositiveNumber(env: Env, name: string, fallback: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value <= 0 || value > max) {
    throw new ConfigError(name, `debe ser un número mayor que 0 y como máximo ${max} (recibido "${raw}")`);
  }
  return value;
}

function readUrl(env: Env, name: string, protocols: string[]): string {
  const raw = read(env, name);
  if (raw === undefined) throw new ConfigError(name, 'es obligatoria');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, 'no es una URL válida');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `debe usar uno de estos protocolos: ${protocols.join(', ')}`);
  }
  return raw;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * A URL the browser is sent to or loads a script from: https:// (http:// only
 * for localhost outside NODE_ENV=production), no credentials; or, only as the
 * default, a path of the portal itself.
 */
function readBrowserUrl(env: Env, name: string, fallback: string | null): string | null {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `debe ser una dirección https:// completa (recibido "${raw}")`);
  }
  const local = url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname) && env.NODE_ENV !== 'production';
  if (url.protocol !== 'https:' && !local) {
    throw new ConfigError(name, `debe empezar por https:// (http:// solo con localhost fuera de producción; recibido "${raw}")`);
  }
  if (url.username !== '' || url.password !== '') throw new ConfigError(name, 'no debe contener usuario ni contraseña');
  return url.href;
}

function readAnalytics(env: Env): AnalyticsMode {
  const raw = read(env, 'ANALYTICS') ?? 'propio';
  if (raw !== 'propio' && raw !== 'ninguno') throw new ConfigError('ANALYTICS', `debe ser "propio" o "ninguno" (recibido "${raw}")`);
  return raw;
}

function readAgencies(env: Env): AgencyConfig {
  const mode = read(env, 'AGENCIES') ?? 'sandbox';
  if (mode === 'sandbox') return { mode };
  if (mode !== 'http') throw new ConfigError('AGENCIES', `debe ser "sandbox" o "http" (recibido "${mode}")`);
  const baseUrl = readUrl(env, 'AGENCY_BASE_URL', ['http:', 'https:']).replace(/\/+$/, '');
  const apiKey = read(env, 'AGENCY_API_KEY');
  if (apiKey === undefined) throw new ConfigError('AGENCY_API_KEY', 'es obligatoria cuando AGENCIES=http');
  const timeoutMs = readInteger(env, 'AGENCY_TIMEOUT_MS', 10_000, 100, 120_000);
  return { mode, baseUrl, apiKey, timeoutMs };
}

function readPayments(env: Env): PaymentConfig {
  const mode = read(env, 'PAYMENTS') ?? 'sandbox';
  if (mode === 'sandbox') return { mode };
  if (mode !== 'http') throw new ConfigError('PAYMENTS', `debe ser "sandbox" o "http" (recibido "${mode}")`);
  const required = (name: string): string => {
    const value = read(env, name);
    if (value === undefined) throw new ConfigError(name, 'es obligatoria cuando PAYMENTS=http');
    return value;
  };
  const authKey = required('AZUL_AUTH_KEY');
  if (authKey.length < 16) throw new ConfigError('AZUL_AUTH_KEY', 'debe tener al menos 16 caracteres');
  return {
    mode,
    gatewayUrl: readUrl(env, 'PAYMENT_GATEWAY_URL', ['https:', 'http:']).replace(/\/+$/, ''),
    apiKey: required('PAYMENT_GATEWAY_KEY'),
    timeoutMs: readInteger(env, 'PAYMENT_TIMEOUT_MS', 60_000, 1_000, 120_000),
    cardPage: {
      url: readUrl(env, 'AZUL_PAGE_URL', ['https:']),
      merchantId: required('AZUL_MERCHANT_ID'),
      merchantName: required('AZUL_MERCHANT_NAME'),
      merchantType: read(env, 'AZUL_MERCHANT_TYPE') ?? 'Registro mercantil',
      authKey,
    },
  };
}

function readAddressList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const list = raw.split(',').map((a) => a.trim()).filter(Boolean);
  for (const address of list) {
    if (!/^[0-9a-fA-F:.]+$/.test(address)) throw new ConfigError(name, `debe ser una lista de direcciones IP separadas por comas (recibido "${address}")`);
  }
  return list;
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address with an optional /prefix, checked with node:net. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: "false" (default), a hop count ("1": one proxy in front, its
 * X-Forwarded-For entry is the client), or a comma-separated list of the
 * proxies' addresses/CIDRs. "true" is refused: it would believe the leftmost
 * X-Forwarded-For entry, which any client writes itself.
 */
function readTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new ConfigError('TRUST_PROXY', 'no admite "true" (creería cualquier X-Forwarded-For que envíe un cliente): indique el número de proxies delante del servidor (por ejemplo 1) o sus direcciones (por ejemplo 10.0.0.0/8)');
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError('TRUST_PROXY', `debe ser un número de proxies entre 0 y 10 (recibido "${raw}")`);
    return hops;
  }
  const list = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of list) {
    if (!PROXY_KEYWORDS.includes(entry) && !isAddressOrCidr(entry)) {
      throw new ConfigError('TRUST_PROXY', `debe ser false, un número de proxies o una lista de direcciones IP o rangos CIDR (recibido "${entry}")`);
    }
  }
  return list;
}

const REDIS_PREFIX = /^[A-Za-z0-9_.:-]{1,64}$/;

function readRedisPrefix(env: Env): string {
  const raw = read(env, 'REDIS_PREFIX') ?? 'portal:';
  if (!REDIS_PREFIX.test(raw)) throw new ConfigError('REDIS_PREFIX', `debe tener de 1 a 64 letras, dígitos o los signos _ . : - (recibido "${raw}")`);
  return raw;
}

const DOCUMENT_STORAGES: readonly DocumentStorageKind[] = ['local', 'postgres', 's3'];
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PREFIX = /^(?:[A-Za-z0-9!_.*'()-]+\/)*$/;

function readDocumentStorage(env: Env): DocumentStorageKind {
  const raw = read(env, 'DOCUMENT_STORAGE') ?? 'local';
  if (!(DOCUMENT_STORAGES as readonly string[]).includes(raw)) {
    throw new ConfigError('DOCUMENT_STORAGE', `debe ser "local", "postgres" o "s3" (recibido "${raw}")`);
  }
  return raw as DocumentStorageKind;
}

/** The S3_* variables, required (bucket and keys) only with DOCUMENT_STORAGE=s3. */
function readS3(env: Env): S3Config {
  const required = (name: string): string => {
    const value = read(env, name);
    if (value === undefined) throw new ConfigError(name, 'es obligatoria cuando DOCUMENT_STORAGE=s3');
    return value;
  };
  const endpoint = read(env, 'S3_ENDPOINT') === undefined ? null : readUrl(env, 'S3_ENDPOINT', ['https:', 'http:']).replace(/\/+$/, '');
  const bucket = required('S3_BUCKET');
  if (!S3_BUCKET.test(bucket)) throw new ConfigError('S3_BUCKET', `debe tener de 3 a 63 minúsculas, dígitos, puntos o guiones (recibido "${bucket}")`);
  const region = read(env, 'S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region)) throw new ConfigError('S3_REGION', `debe ser un nombre de región como us-east-1 (recibido "${region}")`);
  const pathStyle = read(env, 'S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError('S3_FORCE_PATH_STYLE', `debe ser "true" o "false" (recibido "${pathStyle}")`);
  const rawPrefix = read(env, 'S3_PREFIX') ?? '';
  const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;
  if (!S3_PREFIX.test(prefix) || prefix.length > 200) {
    throw new ConfigError('S3_PREFIX', `debe ser una ruta de hasta 200 letras, dígitos y los signos ! _ . * ' ( ) - separados por "/", sin "/" al principio (recibido "${rawPrefix}")`);
  }
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: pathStyle === 'true',
    prefix,
  };
}

function readMetricsToken(env: Env): string | null {
  const raw = read(env, 'METRICS_TOKEN');
  if (raw === undefined) return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) throw new ConfigError('METRICS_TOKEN', 'debe tener de 16 a 256 caracteres visibles, sin espacios');
  return raw;
}

function readSecretKey(env: Env): string | null {
  const raw = read(env, 'SECRET_KEY');
  if (raw === undefined) return null;
  if (raw.length < 32) throw new ConfigError('SECRET_KEY', 'debe tener al menos 32 caracteres (por ejemplo, la salida de `openssl rand -hex 32`)');
  return raw;
}

/**
 * Reads and validates the environment. Throws {@link ConfigError} (Spanish
 * message naming the variable) on the first invalid value.
 */
export function loadConfig(env: Env): Config {
  const port = readInteger(env, 'PORT', 3000, 0, 65535);
  const host = read(env, 'HOST') ?? '0.0.0.0';
  const dataDir = read(env, 'DATA_DIR') ?? './data';
  const inMemory = dataDir === 'memory://';
  const databaseUrl = read(env, 'DATABASE_URL') === undefined ? null : readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseSchema = read(env, 'DATABASE_SCHEMA') ?? null;
  if (databaseSchema !== null && !IDENTIFIER.test(databaseSchema)) {
    throw new ConfigError('DATABASE_SCHEMA', 'debe contener solo minúsculas, dígitos y "_" y no empezar por un dígito');
  }
  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `debe ser uno de: ${LOG_LEVELS.join(', ')} (recibido "${logLevel}")`);
  }
  const documentStorage = readDocumentStorage(env);
  const defaultUploadDir = inMemory ? path.join(tmpdir(), `portal-uploads-${randomUUID()}`) : path.join(dataDir, 'uploads');
  return {
    port,
    host,
    dataDir,
    pgliteDataDir: inMemory ? 'memory://' : path.join(dataDir, 'pglite'),
    databaseUrl,
    databaseSchema,
    databasePoolMax: readInteger(env, 'DATABASE_POOL_MAX', 10, 1, 500),
    agencies: readAgencies(env),
    payments: readPayments(env),
    sessionTtlHours: readPositiveNumber(env, 'SESSION_TTL_HOURS', 12, 24 * 365),
    uploadDir: path.resolve(read(env, 'UPLOAD_DIR') ?? defaultUploadDir),
    documentStorage,
    s3: documentStorage === 's3' ? readS3(env) : null,
    uploadMaxBytes: UPLOAD_MAX_BYTES,
    uploadQuotaBytes: readInteger(env, 'UPLOAD_QUOTA_BYTES', 524_288_000, 1, 1024 ** 4),
    uploadQuotaFiles: readInteger(env, 'UPLOAD_QUOTA_FILES', 200, 1, 1_000_000),
    staticDir: path.resolve(read(env, 'STATIC_DIR') ?? 'dist/app'),
    logLevel,
    trustProxy: readTrustProxy(env),
    secretKey: readSecretKey(env),
    rateLimitAllowList: readAddressList(env, 'RATE_LIMIT_ALLOWLIST'),
    redisUrl: read(env, 'REDIS_URL') === undefined ? null : readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: readRedisPrefix(env),
    overloadMaxEventLoopDelayMs: readInteger(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
    metricsToken: readMetricsToken(env),
    smtpUrl: read(env, 'SMTP_URL') === undefined ? null : readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read(env, 'MAIL_FROM') ?? 'Portal ciudadano <no-responder@portal.gob.do>',
    argon2: PRODUCTION_ARGON2,
    maxOpenDrafts: readInteger(env, 'MAX_OPEN_DRAFTS', 10, 1, 1000),
    analytics: readAnalytics(env),
    headerScriptUrl: readBrowserUrl(env, 'HEADER_SCRIPT_URL', null),
    surveyUrl: readBrowserUrl(env, 'SURVEY_URL', DEFAULT_SURVEY_URL) as string,
    registroUnicoUrl: readBrowserUrl(env, 'REGISTRO_UNICO_URL', DEFAULT_REGISTRO_UNICO_URL) as string,
  };
}
