/**
 * The OpenAPI document served at /docs/json is valid OpenAPI: client generators
 * and gateways that read it refuse an invalid one.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './buildTestApp';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

interface Detail {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message: string;
}

/** Every problem the validator reports, one per line (empty when valid). */
async function problemsOf(doc: unknown): Promise<string> {
  try {
    // validate() dereferences in place: give it a copy.
    await SwaggerParser.validate(structuredClone(doc) as never);
    return '';
  } catch (error) {
    const details = (error as { details?: Detail[] }).details;
    if (!Array.isArray(details)) return (error as Error).message;
    // The "must match exactly one of (schema | $ref)" lines only echo the real problem: left out.
    const real = details.filter((d) => d.keyword !== 'oneOf' && !d.schemaPath.startsWith('#/definitions/Reference/'));
    return (real.length ? real : details).map((d) => `${d.instancePath}: ${d.message}`).join('\n');
  }
}

describe('documento OpenAPI', () => {
  it('/docs/json valida contra la especificación OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi?: string; paths?: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths ?? {}).length).toBeGreaterThan(20);
    expect(await problemsOf(doc)).toBe('');
  });

  it('el validador rechaza un documento con un `required` vacío (la prueba puede fallar)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    const [first] = Object.keys(doc.paths);
    doc.paths[first].post = {
      requestBody: { content: { 'application/json': { schema: { type: 'object', required: [] } } } },
      responses: { 200: { description: 'ok' } },
    };
    expect(await problemsOf(doc)).not.toBe('');
  });
});
