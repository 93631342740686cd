/**
 * Migration 017 and the list's institutions and areas kept in memory: the
 * search index takes rows straight in (no pending list a search would read),
 * the stored folded name orders as the folded name did, and a list names the
 * institution and area of each service as the joined query did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceReferenceTable } from '../src/db/replaceReferenceTable';
import { catalogueLabels, listServices } from '../src/services/catalogue/catalogueStore';
import { buildTestApp, type TestApp } from './buildTestApp';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitAllowList: ['127.0.0.1'] });
});
afterAll(() => t.close());

describe('catalogue search index (migration 017)', () => {
  it('writes the search index directly, without a pending list', async () => {
    const { rows } = await t.app.db.query<{ options: string[] | null }>(
      // The index of this database's schema (on PostgreSQL each test app has its own).
      "SELECT reloptions AS options FROM pg_class WHERE oid = 'catalogo_servicios_busqueda_idx'::regclass",
    );
    expect(rows[0].options).toContain('fastupdate=off');
  });

  it('keeps the folded name of each service in step with its name', async () => {
    const { rows } = await t.app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM catalogo_servicios WHERE nombre_orden <> lower(translate(nombre, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))",
    );
    expect(rows[0].n).toBe(0);
    await t.app.db.query("UPDATE catalogo_servicios SET nombre = 'Ñandú ÁRBOL' WHERE id = (SELECT min(id) FROM catalogo_servicios)");
    const { rows: changed } = await t.app.db.query<{ nombre_orden: string }>('SELECT nombre_orden FROM catalogo_servicios WHERE id = (SELECT min(id) FROM catalogo_servicios)');
    expect(changed[0].nombre_orden).toBe('nandu arbol');
  });
});

describe('listServices with the institutions and areas in memory', () => {
  it('names them as a join does, and gives null for an id neither table has', async () => {
    const own = await buildTestApp();
    try {
      const labels = await catalogueLabels(own.app.db);
      const { rows } = await own.app.db.query<{ slug: string; sigla: string | null; area: string | null }>(
        `SELECT s.slug, i.sigla, a.slug AS area FROM catalogo_servicios s
         LEFT JOIN catalogo_instituciones i ON i.id = s.institucion_id LEFT JOIN catalogo_areas a ON a.id = s.area_id`,
      );
      const joined = new Map(rows.map((r) => [r.slug, r]));
      const listed = await listServices(own.app.db, {}, 1, 100, labels);
      expect(listed.data.length).toBeGreaterThan(0);
      for (const service of listed.data) {
        expect(service.institution?.acronym ?? null).toBe(joined.get(service.slug)?.sigla);
        expect(service.area?.slug ?? null).toBe(joined.get(service.slug)?.area);
      }
      // Without labels given, the same answer (read from the database).
      expect(await listServices(own.app.db, {}, 1, 100)).toEqual(listed);

      await replaceReferenceTable(own.app.db, 'catalogo_servicios', [
        {
          id: 1, slug: 'sin-institucion', nombre: 'Trámite huérfano', descripcion: 'Su institución y su área no existen.',
          institucionId: 999, areaId: 999, tipo: 'presencial', canales: ['presencial'], tiempoEstimado: '1 día', requisitos: [], pasos: [],
        },
      ]);
      const orphan = await listServices(own.app.db, { q: 'huerfano' }, 1, 12, labels);
      expect(orphan).toMatchObject({ total: 1, data: [{ slug: 'sin-institucion', institution: null, area: null }] });
    } finally {
      await own.close();
    }
  });
});
