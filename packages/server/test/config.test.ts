import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_ARGON2, UPLOAD_MAX_BYTES } from '../src/config';

describe('loadConfig', () => {
  it('has defaults that work on a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      pgliteDataDir: path.join('data', 'pglite'),
      databaseUrl: null,
      agencies: { mode: 'sandbox' },
      sessionTtlHours: 12,
      uploadDir: path.resolve('data/uploads'),
      staticDir: path.resolve('dist/app'),
      logLevel: 'info',
      uploadMaxBytes: UPLOAD_MAX_BYTES,
    });
    expect(config.argon2).toEqual(PRODUCTION_ARGON2);
    expect(config.argon2.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(config.argon2.timeCost).toBeGreaterThanOrEqual(2);
    expect(UPLOAD_MAX_BYTES).toBe(52428800);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/portal',
      DATABASE_URL: 'postgres://u:p@db:5432/portal',
      DATABASE_SCHEMA: 'portal',
      DATABASE_POOL_MAX: '25',
      AGENCIES: 'http',
      AGENCY_BASE_URL: 'https://gateway.example.com/',
      AGENCY_API_KEY: 'k',
      SESSION_TTL_HOURS: '1.5',
      STATIC_DIR: '/srv/app',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8',
      SECRET_KEY: 'una-clave-secreta-de-al-menos-32-caracteres',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      pgliteDataDir: '/srv/portal/pglite',
      databaseUrl: 'postgres://u:p@db:5432/portal',
      databaseSchema: 'portal',
      databasePoolMax: 25,
      agencies: { mode: 'http', baseUrl: 'https://gateway.example.com', apiKey: 'k', timeoutMs: 10000 },
      sessionTtlHours: 1.5,
      uploadDir: '/srv/portal/uploads',
      staticDir: '/srv/app',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8'],
      secretKey: 'una-clave-secreta-de-al-menos-32-caracteres',
    });
  });

  it('keeps PGlite in memory and uploads in a temporary folder for DATA_DIR=memory://', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.pgliteDataDir).toBe('memory://');
    expect(config.uploadDir).toContain('portal-uploads-');
  });

  it('reads the overload threshold and the metrics token, refusing bad values in Spanish', () => {
    expect(loadConfig({})).toMatchObject({ overloadMaxEventLoopDelayMs: 1000, metricsToken: null });
    expect(loadConfig({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', METRICS_TOKEN: 'token-de-metricas-0123' })).toMatchObject({
      overloadMaxEventLoopDelayMs: 0,
      metricsToken: 'token-de-metricas-0123',
    });
    for (const [env, variable] of [
      [{ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '-1' }, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS'],
      [{ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 'mucho' }, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS'],
      [{ METRICS_TOKEN: 'corto' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'con espacios en medio 12345' }, 'METRICS_TOKEN'],
    ] as const) {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Configuración inválida: ${variable} `));
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ AGENCIES: 'real' }, 'AGENCIES'],
    [{ AGENCIES: 'http' }, 'AGENCY_BASE_URL'],
    [{ AGENCIES: 'http', AGENCY_BASE_URL: 'ftp://x' }, 'AGENCY_BASE_URL'],
    [{ AGENCIES: 'http', AGENCY_BASE_URL: 'https://x.example' }, 'AGENCY_API_KEY'],
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS'],
    [{ SESSION_TTL_HOURS: '-3' }, 'SESSION_TTL_HOURS'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'no es url' }, 'DATABASE_URL'],
    [{ DATABASE_SCHEMA: 'Robert"); DROP' }, 'DATABASE_SCHEMA'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ DATABASE_POOL_MAX: 'diez' }, 'DATABASE_POOL_MAX'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
  ])('rejects %j naming %s in Spanish', (env, variable) => {
    let caught: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).variable).toBe(variable);
    expect((caught as ConfigError).message).toMatch(new RegExp(`^Configuración inválida: ${variable} `));
  });

  it('reads REDIS_URL and REDIS_PREFIX (shared limits), refusing bad values in Spanish', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: null, redisPrefix: 'portal:' });
    expect(loadConfig({ REDIS_URL: 'rediss://:clave@redis.interno:6380/2', REDIS_PREFIX: 'portal-pruebas:' })).toMatchObject({
      redisUrl: 'rediss://:clave@redis.interno:6380/2',
      redisPrefix: 'portal-pruebas:',
    });
    expect(() => loadConfig({ REDIS_URL: 'http://redis:6379' })).toThrow('Configuración inválida: REDIS_URL debe usar uno de estos protocolos: redis:, rediss:');
    expect(() => loadConfig({ REDIS_URL: 'no es url' })).toThrow('Configuración inválida: REDIS_URL no es una URL válida');
    expect(() => loadConfig({ REDIS_PREFIX: 'con espacios' })).toThrow(/^Configuración inválida: REDIS_PREFIX debe tener de 1 a 64 letras/);
  });

  it('reads DOCUMENT_STORAGE and the S3_* variables, refusing bad values in Spanish', () => {
    expect(loadConfig({})).toMatchObject({ documentStorage: 'local', s3: null });
    // The S3 variables are read only for the s3 backend.
    expect(loadConfig({ DOCUMENT_STORAGE: 'postgres', S3_BUCKET: 'NO VALE' })).toMatchObject({ documentStorage: 'postgres', s3: null });
    const keys = { DOCUMENT_STORAGE: 's3', S3_BUCKET: 'portal-documentos', S3_ACCESS_KEY_ID: 'clave', S3_SECRET_ACCESS_KEY: 'secreto' };
    expect(loadConfig(keys).s3).toEqual({
      endpoint: null,
      bucket: 'portal-documentos',
      region: 'us-east-1',
      accessKeyId: 'clave',
      secretAccessKey: 'secreto',
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ ...keys, S3_ENDPOINT: 'https://minio.interno:9000/', S3_REGION: 'do-santo-domingo-1', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'produccion/documentos' }).s3).toMatchObject({
      endpoint: 'https://minio.interno:9000',
      region: 'do-santo-domingo-1',
      forcePathStyle: true,
      prefix: 'produccion/documentos/',
    });
    expect(() => loadConfig({ DOCUMENT_STORAGE: 'nfs' })).toThrow('Configuración inválida: DOCUMENT_STORAGE debe ser "local", "postgres" o "s3" (recibido "nfs")');
    expect(() => loadConfig({ DOCUMENT_STORAGE: 's3' })).toThrow('Configuración inválida: S3_BUCKET es obligatoria cuando DOCUMENT_STORAGE=s3');
    expect(() => loadConfig({ ...keys, S3_SECRET_ACCESS_KEY: '' })).toThrow('Configuración inválida: S3_SECRET_ACCESS_KEY es obligatoria cuando DOCUMENT_STORAGE=s3');
    expect(() => loadConfig({ ...keys, S3_BUCKET: 'Mi_Cubo' })).toThrow(/^Configuración inválida: S3_BUCKET debe tener de 3 a 63 minúsculas/);
    expect(() => loadConfig({ ...keys, S3_ENDPOINT: 'ftp://minio' })).toThrow('Configuración inválida: S3_ENDPOINT debe usar uno de estos protocolos: https:, http:');
    expect(() => loadConfig({ ...keys, S3_REGION: 'Santo Domingo' })).toThrow(/^Configuración inválida: S3_REGION debe ser un nombre de región/);
    expect(() => loadConfig({ ...keys, S3_FORCE_PATH_STYLE: 'si' })).toThrow('Configuración inválida: S3_FORCE_PATH_STYLE debe ser "true" o "false" (recibido "si")');
    expect(() => loadConfig({ ...keys, S3_PREFIX: '/absoluta' })).toThrow(/^Configuración inválida: S3_PREFIX debe ser una ruta/);
    expect(() => loadConfig({ ...keys, S3_PREFIX: 'a//b' })).toThrow(/^Configuración inválida: S3_PREFIX/);
  });
});
