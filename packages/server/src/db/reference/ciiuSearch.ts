/**
 * The search text (`busqueda`) of a CIIU activity: its code, its description
 * and the titles of its division and its section (CIIU Rev. 4, in Spanish,
 * from ciiu-secciones-divisiones.json beside the seed), in the search form of
 * @portal/form-engine (`searchText`). "comercio al por mayor" then finds the
 * activities of division 46 («Venta al por mayor de …»), whose own
 * descriptions never say "comercio".
 */
import { readFileSync } from 'node:fs';
import { searchText } from '@portal/form-engine';

interface CiiuTitles {
  secciones: { codigo: string; titulo: string }[];
  divisiones: { codigo: string; seccion: string; titulo: string }[];
}

interface TitleIndex {
  sections: Map<string, string>;
  divisions: Map<string, { section: string; title: string }>;
}

const TITLES_FILE = new URL('./ciiu-secciones-divisiones.json', import.meta.url);

let index: TitleIndex | null = null;

/** The section and division titles, read once. */
export function ciiuTitles(): TitleIndex {
  if (index) return index;
  const data = JSON.parse(readFileSync(TITLES_FILE, 'utf8')) as CiiuTitles;
  index = {
    sections: new Map(data.secciones.map((s) => [s.codigo, s.titulo])),
    divisions: new Map(data.divisiones.map((d) => [d.codigo, { section: d.seccion, title: d.titulo }])),
  };
  return index;
}

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value).trim());

/**
 * `busqueda` of a row keyed as the table's columns. A row without `division`
 * takes it from its code's first two digits, one without `seccion` from its
 * division; unknown codes add no title.
 */
export function ciiuSearchText(row: Record<string, string | number | null>): string {
  const { sections, divisions } = ciiuTitles();
  const code = text(row.codigoCiiuDGII);
  const divisionCode = text(row.division) || code.slice(0, 2);
  const division = divisions.get(divisionCode);
  const sectionCode = text(row.seccion).toUpperCase() || division?.section || '';
  return searchText([code, text(row.descripcionCrm), division?.title ?? '', sections.get(sectionCode) ?? ''].join(' '));
}
