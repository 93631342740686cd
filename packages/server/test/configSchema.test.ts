import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { README, renderConfigTable, withConfigTable } from '../src/cli/configTable';
import { ConfigError, loadConfig, requirementOf, type AgencyConfig, type Config } from '../src/config';
import { CONFIG_RULES, CONFIG_VARIABLES, variableSchema, type ConfigVariable } from '../src/configSchema';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig aceptó ${JSON.stringify(env)}`);
}

describe('the configuration schema (configSchema.ts)', () => {
  it('is what the README table shows: regenerate it with npx tsx packages/server/src/cli/configTable.ts', () => {
    const readme = readFileSync(README, 'utf8');
    expect(withConfigTable(readme)).toBe(readme);
    expect(readme).toContain(renderConfigTable());
  });

  it('describes every variable and says what each of its own keywords refers to', () => {
    for (const name of CONFIG_VARIABLES) {
      const schema = variableSchema(name);
      expect(schema.description.length, name).toBeGreaterThan(10);
      if (schema.type === 'integer') expect([schema.minimum, schema.maximum], name).not.toContain(undefined);
      if (schema.type === 'number') expect([schema.exclusiveMinimum, schema.maximum], name).not.toContain(undefined);
      if (schema.pattern !== undefined || schema.minLength !== undefined) expect(schema.errorMessage, name).toBeDefined();
      if (schema.rule !== undefined) expect(Object.keys(CONFIG_RULES)).toContain(schema.rule);
      if (schema.mandatory) {
        expect(schema.when, `${name}: mandatory va con when`).toBeDefined();
        expect(schema.default, `${name}: una obligatoria no tiene valor por defecto`).toBeUndefined();
      }
      for (const [variable, value] of Object.entries(schema.when ?? {})) {
        expect(CONFIG_VARIABLES, name).toContain(variable);
        expect(variableSchema(variable as ConfigVariable).enum, name).toContain(value);
      }
    }
  });

  it('derives the Config type from the schema', () => {
    expectTypeOf<Config['port']>().toEqualTypeOf<number>();
    expectTypeOf<Config['logLevel']>().toEqualTypeOf<'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>();
    expectTypeOf<Config['documentStorage']>().toEqualTypeOf<'local' | 'postgres' | 's3'>();
    expectTypeOf<Config['analytics']>().toEqualTypeOf<'propio' | 'ninguno'>();
    expectTypeOf<Config['databaseUrl']>().toEqualTypeOf<string | null>();
    expectTypeOf<Extract<AgencyConfig, { mode: 'http' }>['timeoutMs']>().toEqualTypeOf<number>();
    expectTypeOf<Config['s3']>().toEqualTypeOf<import('../src/services/storage/s3Storage').S3Config | null>();
  });

  it('lists every bad variable, one line each naming it, in the order of the schema', () => {
    const error = errorOf({ LOG_LEVEL: 'verbose', PORT: 'abc', AGENCIES: 'http', METRICS_TOKEN: 'corto' });
    expect(error.variable).toBe('PORT');
    expect(error.message.split('\n')).toEqual([
      'Configuración inválida: PORT debe ser un número entero entre 0 y 65535 (recibido "abc")',
      'Configuración inválida: AGENCY_BASE_URL es obligatoria cuando AGENCIES=http',
      'Configuración inválida: AGENCY_API_KEY es obligatoria cuando AGENCIES=http',
      'Configuración inválida: METRICS_TOKEN debe tener de 16 a 256 caracteres visibles, sin espacios',
      'Configuración inválida: LOG_LEVEL debe ser "fatal", "error", "warn", "info", "debug", "trace" o "silent" (recibido "verbose")',
    ]);
    expect(error.problems.map((problem) => problem.variable)).toEqual(['PORT', 'AGENCY_BASE_URL', 'AGENCY_API_KEY', 'METRICS_TOKEN', 'LOG_LEVEL']);
  });

  it('says in the error what the README says of the variable, with the value given', () => {
    const bad: Partial<Record<ConfigVariable, string>> = {
      DATABASE_POOL_MAX: '0',
      SESSION_TTL_HOURS: '0',
      DOCUMENT_STORAGE: 'nfs',
      REDIS_PREFIX: 'con espacios',
      SECRET_KEY: 'corta',
      DATABASE_URL: 'mysql://x',
    };
    for (const [name, value] of Object.entries(bad) as [ConfigVariable, string][]) {
      const expected = (requirementOf(name) as string).replaceAll('{valor}', value);
      expect(errorOf({ [name]: value }).message).toBe(`Configuración inválida: ${name} ${expected}`);
    }
  });

  it('takes numbers and booleans only as plain digits and true/false, as before the schema', () => {
    for (const value of ['1e3', '0x10', '+5', '5.0', ' ', '1.']) {
      if (value.trim() === '') expect(loadConfig({ PORT: value }).port).toBe(3000);
      else expect(errorOf({ PORT: value }).variable).toBe('PORT');
    }
    expect(loadConfig({ SESSION_TTL_HOURS: ' 0.25 ' }).sessionTtlHours).toBe(0.25);
    const s3 = { DOCUMENT_STORAGE: 's3', S3_BUCKET: 'cubo', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' };
    expect(errorOf({ ...s3, S3_FORCE_PATH_STYLE: '1' }).variable).toBe('S3_FORCE_PATH_STYLE');
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('ignores the variables of a mode that is not selected, whatever their value', () => {
    expect(loadConfig({ AGENCY_BASE_URL: 'ftp://x', AGENCY_TIMEOUT_MS: 'nunca' }).agencies).toEqual({ mode: 'sandbox' });
    expect(loadConfig({ PAYMENTS: 'sandbox', AZUL_AUTH_KEY: 'corta', AZUL_PAGE_URL: 'http://x' }).payments).toEqual({ mode: 'sandbox' });
    expect(loadConfig({ S3_PREFIX: '/absoluta', S3_REGION: 'Santo Domingo' }).s3).toBeNull();
  });

  it('keeps the S3_PREFIX limit of 200 characters once its final "/" is added', () => {
    const s3 = { DOCUMENT_STORAGE: 's3', S3_BUCKET: 'cubo', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' };
    expect(loadConfig({ ...s3, S3_PREFIX: `${'x'.repeat(199)}` }).s3?.prefix).toHaveLength(200);
    expect(loadConfig({ ...s3, S3_PREFIX: `${'x'.repeat(199)}/` }).s3?.prefix).toHaveLength(200);
    expect(errorOf({ ...s3, S3_PREFIX: 'x'.repeat(200) }).variable).toBe('S3_PREFIX');
    expect(errorOf({ ...s3, S3_PREFIX: `${'x'.repeat(200)}/` }).variable).toBe('S3_PREFIX');
  });

  it('normalizes the browser URLs and refuses http:// other than localhost in production', () => {
    expect(loadConfig({ SURVEY_URL: 'https://encuestas.gob.do' }).surveyUrl).toBe('https://encuestas.gob.do/');
    expect(loadConfig({ SURVEY_URL: 'http://localhost:5173/encuesta' }).surveyUrl).toBe('http://localhost:5173/encuesta');
    expect(errorOf({ SURVEY_URL: 'http://localhost:5173/encuesta', NODE_ENV: 'production' }).message).toBe(
      'Configuración inválida: SURVEY_URL debe empezar por https:// (http:// solo con localhost fuera de producción; recibido "http://localhost:5173/encuesta")',
    );
  });
});
