import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How the outside agencies (JCE, ONAPI, DGII, INAPA) are reached. */
export type AgencyConfig =
  | { mode: 'sandbox' }
  | { mode: 'http'; baseUrl: string; apiKey: string; timeoutMs: number };

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
  agencies: AgencyConfig;
  sessionTtlHours: number;
  uploadDir: string;
  /** Maximum upload size in bytes, enforced while streaming. */
  uploadMaxBytes: number;
  staticDir: string;
  logLevel: LogLevel;
  /** Trust X-Forwarded-* headers (behind a reverse proxy): decides the Secure cookie flag. */
  trustProxy: boolean;
  /** Client addresses exempt from the per-route rate limits (trusted monitors, load tests). */
  rateLimitAllowList: string[];
  /** SMTP server for the outbox (smtp:// or smtps://, credentials in the URL); null keeps mail in the outbox table only. */
  smtpUrl: string | null;
  /** Sender of the portal's e-mail. */
  mailFrom: string;
  argon2: Argon2Cost;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** OWASP ASVS floor for argon2id: m >= 19 MiB, t >= 2. */
export const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const UPLOAD_MAX_BYTES = 52_428_800;

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

function readAddressList(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const list = raw.split(',').map((a) => a.trim()).filter(Boolean);
  for (const address of list) {
    if (!/^[0-9a-fA-F:.]+$/.test(address)) throw new ConfigError(name, `debe ser una lista de direcciones IP separadas por comas (recibido "${address}")`);
  }
  return list;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `debe ser "true" o "false" (recibido "${raw}")`);
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
  const defaultUploadDir = inMemory ? path.join(tmpdir(), `portal-uploads-${randomUUID()}`) : path.join(dataDir, 'uploads');
  return {
    port,
    host,
    dataDir,
    pgliteDataDir: inMemory ? 'memory://' : path.join(dataDir, 'pglite'),
    databaseUrl,
    databaseSchema,
    agencies: readAgencies(env),
    sessionTtlHours: readPositiveNumber(env, 'SESSION_TTL_HOURS', 12, 24 * 365),
    uploadDir: path.resolve(read(env, 'UPLOAD_DIR') ?? defaultUploadDir),
    uploadMaxBytes: UPLOAD_MAX_BYTES,
    staticDir: path.resolve(read(env, 'STATIC_DIR') ?? 'dist/app'),
    logLevel,
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    rateLimitAllowList: readAddressList(env, 'RATE_LIMIT_ALLOWLIST'),
    smtpUrl: read(env, 'SMTP_URL') === undefined ? null : readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read(env, 'MAIL_FROM') ?? 'Portal ciudadano <no-responder@portal.gob.do>',
    argon2: PRODUCTION_ARGON2,
  };
}
