-- The catalogue list and search without per-request work the data already knows (issue 11 §6).
--
-- 1. The GIN index of the search vector writes straight into the index. With the default
--    fastupdate, rows inserted by the seed or an import wait in the index's pending list until
--    a VACUUM, and every search reads that whole list: PGlite runs no autovacuum, so after the
--    seed (or any import) a search paid for a scan of every service's entries, and the planner,
--    seeing that cost, chose a sequential scan over all the vectors instead (EXPLAIN ANALYZE
--    over 1,065 services: 0.5–0.9 ms; with the list flushed, 0.05 ms).
ALTER INDEX catalogo_servicios_busqueda_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('catalogo_servicios_busqueda_idx'::regclass);

-- 2. The order by name, folded as the query folded it before (lower of the translate() of
--    015), computed once per row on write instead of for every matching row on each request.
ALTER TABLE catalogo_servicios
  ADD COLUMN nombre_orden text GENERATED ALWAYS AS (lower(translate(nombre, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))) STORED;
CREATE INDEX catalogo_servicios_orden_idx ON catalogo_servicios (nombre_orden, id);
