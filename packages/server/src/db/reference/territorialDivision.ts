/**
 * ONE's División Territorial 2020 (Oficina Nacional de Estadística) as the
 * portal's provincias, municipios and sectores (docs/operations.md, «División
 * territorial (ONE 2020)»). Pure apart from reading the folder: takes the CSV
 * files of one folder (provinces, municipalities, municipal_districts,
 * sections, neighborhoods) and the rows the three tables have now, and returns
 * the rows they should have, keyed as their descriptors (db/referenceTables.ts).
 * Used by the import command (cli/importReference.ts division-territorial) and
 * by the script that writes the seed files (cli/territorialSeeds.ts).
 *
 * Ids stay valid:
 * - provincias and municipios keep their ids (matched by the DGII code, which is
 *   ONE's province and province + municipality code); one ONE has and the portal
 *   did not gets the portal's rule: the province code, or province × 100 +
 *   municipality;
 * - a row that has a geo code ONE still has keeps its id;
 * - a sector without one (the portal's earlier lists) takes the code of the ONE
 *   barrio or paraje of its municipio whose name is its name (see `matchKeys`);
 *   one that matches none, or more than one, keeps its row, id and name without
 *   a code, so every draft, profile and request that stored it still resolves;
 * - every other barrio or paraje gets the id ONE_SECTOR_ID_BASE + its row id in
 *   neighborhoods.csv (stable across re-imports of the same copy).
 * Names: the portal's name stays on every row it had (ONE writes «Azua» for
 * «Azua de Compostela»); a new row takes ONE's name, white space tidied. A
 * barrio or paraje whose name repeats in its municipio carries its municipal
 * district, and its section where that is not enough: «Los Mina (D. M. San Luis)»,
 * «El Cerro (Santo Domingo Este, sección Zona urbana)». Sub-barrios are not loaded.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizeText } from '../../text/normalizeText';
import { territorialTable } from '../referenceTables';
import { readCsvRecords } from './parseReferenceCsv';

/** A reference row keyed like its descriptor's columns (JSON files, API). */
export type TerritorialRow = Record<string, string | number | null>;

/** First id of the sectors that come from ONE: this + the row's id in neighborhoods.csv. */
export const ONE_SECTOR_ID_BASE = 1_000_000;

/** A folder that is not a readable copy of the territorial division (Spanish message); nothing was changed. */
export class TerritorialDivisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TerritorialDivisionError';
  }
}

/** One row of a ONE file. */
export interface OneRow {
  readonly file: string;
  readonly line: number;
  readonly id: number;
  readonly geoCode: string;
  readonly province: string;
  readonly municipality: string;
  readonly district: string;
  readonly section: string;
  readonly neighborhood: string;
  /** The name with its white space tidied. */
  readonly name: string;
}

/** The level columns of the files, in the order of the geo code after macro region and region, with their widths. */
const LEVELS = [
  ['province', 'province', 2],
  ['municipality', 'municipality', 2],
  ['district', 'municipal_district', 2],
  ['section', 'section', 2],
  ['neighborhood', 'neighborhood', 3],
  ['subNeighborhood', 'sub_neighborhood', 2],
] as const;

/** The files read, each with the number of levels its rows fill (province = 1 ... neighborhood = 5). */
const FILES = {
  provinces: { file: 'provinces.csv', depth: 1 },
  municipalities: { file: 'municipalities.csv', depth: 2 },
  districts: { file: 'municipal_districts.csv', depth: 3 },
  sections: { file: 'sections.csv', depth: 4 },
  neighborhoods: { file: 'neighborhoods.csv', depth: 5 },
} as const;

type FileKey = keyof typeof FILES;

const HEADERS = ['id', 'geo_code', 'macro_region', 'region', ...LEVELS.map(([, header]) => header), 'name'];

/** Trimmed, runs of white space as one space, no space inside parentheses. */
export const tidyName = (name: string): string =>
  name
    .replace(/\s+/gu, ' ')
    .replace(/\(\s+/gu, '(')
    .replace(/\s+\)/gu, ')')
    .trim();

function parseFile(key: FileKey, text: string): OneRow[] {
  const { file, depth } = FILES[key];
  const fail = (line: number, detail: string) => new TerritorialDivisionError(`${file}, línea ${line}: ${detail}`);
  let records: ReturnType<typeof readCsvRecords>;
  try {
    records = readCsvRecords(text);
  } catch (error) {
    throw new TerritorialDivisionError(`${file}: ${(error as Error).message}`);
  }
  const header = records[0];
  if (header === undefined) throw new TerritorialDivisionError(`${file}: el archivo está vacío.`);
  const index = new Map(header.fields.map((field, i) => [field.trim().toLowerCase(), i]));
  const missing = HEADERS.filter((h) => !index.has(h));
  if (missing.length > 0) throw fail(header.line, `faltan las columnas ${missing.join(', ')}.`);
  const cell = (fields: string[], name: string) => (fields[index.get(name)!] ?? '').trim();
  const rows = records.slice(1).map(({ line, fields }): OneRow => {
    const id = cell(fields, 'id');
    if (!/^\d{1,9}$/.test(id)) throw fail(line, `el id «${id}» no es un número entero.`);
    const geoCode = cell(fields, 'geo_code');
    if (!/^\d{17}$/.test(geoCode)) throw fail(line, `el geo_code «${geoCode}» no tiene 17 dígitos.`);
    const codes: Record<string, string> = {};
    let offset = 4;
    LEVELS.forEach(([level, name, width], at) => {
      const code = cell(fields, name);
      if (code !== geoCode.slice(offset, offset + width)) throw fail(line, `la columna ${name} («${code}») no coincide con el geo_code ${geoCode}.`);
      // A row fills exactly the levels of its file: the deeper ones are zero, its own is not.
      if ((at < depth) !== !/^0+$/.test(code)) throw fail(line, `la fila no es del nivel de ${file} (columna ${name} = «${code}»).`);
      codes[level] = code;
      offset += width;
    });
    if (`${cell(fields, 'macro_region')}${cell(fields, 'region')}` !== geoCode.slice(0, 4)) throw fail(line, `la región no coincide con el geo_code ${geoCode}.`);
    const name = tidyName(cell(fields, 'name'));
    if (name === '') throw fail(line, 'falta el nombre.');
    return {
      file,
      line,
      id: Number(id),
      geoCode,
      province: codes.province,
      municipality: codes.municipality,
      district: codes.district,
      section: codes.section,
      neighborhood: codes.neighborhood,
      name,
    };
  });
  if (rows.length === 0) throw new TerritorialDivisionError(`${file}: el archivo no tiene filas.`);
  const seen = new Map<string, number>();
  for (const row of rows) {
    for (const value of [`geo_code ${row.geoCode}`, `id ${row.id}`]) {
      const first = seen.get(value);
      if (first !== undefined) throw fail(row.line, `${value} repetido (también en la línea ${first}).`);
      seen.set(value, row.line);
    }
  }
  return rows;
}

/** The territorial division read from a folder of ONE's CSV files. */
export interface OneDivision {
  readonly provinces: readonly OneRow[];
  readonly municipalities: readonly OneRow[];
  readonly districts: readonly OneRow[];
  readonly sections: readonly OneRow[];
  readonly neighborhoods: readonly OneRow[];
}

/** Parses the files' texts; throws a TerritorialDivisionError naming the file and line of the first problem. */
export function parseOneDivision(texts: Readonly<Record<FileKey, string>>): OneDivision {
  const division = Object.fromEntries((Object.keys(FILES) as FileKey[]).map((key) => [key, parseFile(key, texts[key])])) as unknown as OneDivision;
  // Every row's parent is in the folder.
  const known = new Set([...division.provinces, ...division.municipalities, ...division.districts, ...division.sections].map((r) => parentKey(r, 5)));
  const check = (rows: readonly OneRow[], depth: number) => {
    for (const row of rows) {
      if (!known.has(parentKey(row, depth - 1))) {
        throw new TerritorialDivisionError(`${row.file}, línea ${row.line}: la fila ${row.geoCode} no tiene ${['provincia', 'municipio', 'distrito municipal', 'sección'][depth - 2]} en la carpeta.`);
      }
    }
  };
  check(division.municipalities, 2);
  check(division.districts, 3);
  check(division.sections, 4);
  check(division.neighborhoods, 5);
  return division;
}

/** The codes of the first `depth` levels of a row, joined: its key as the parent of deeper rows. */
function parentKey(row: OneRow, depth: number): string {
  return [row.province, row.municipality, row.district, row.section, row.neighborhood].slice(0, depth).join('.').replace(/(\.0+)+$/u, '');
}

/** Reads ONE's files from `folder`; a missing, unreadable or garbled file is a TerritorialDivisionError. */
export async function readOneDivision(folder: string): Promise<OneDivision> {
  const texts = {} as Record<FileKey, string>;
  for (const key of Object.keys(FILES) as FileKey[]) {
    const file = path.join(folder, FILES[key].file);
    try {
      texts[key] = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new TerritorialDivisionError(
        code === 'ENOENT' ? `Falta el archivo ${file}: la carpeta debe tener ${Object.values(FILES).map((f) => f.file).join(', ')}.` : `No se pudo leer ${file} (${code ?? String(error)}).`,
      );
    }
    if (texts[key].includes('\uFFFD')) throw new TerritorialDivisionError(`${file}: el archivo no está en UTF-8.`);
  }
  return parseOneDivision(texts);
}

/** The rows the three tables have now (each keyed like its descriptor). */
export interface CurrentTerritorialRows {
  readonly provinces: readonly Record<string, unknown>[];
  readonly municipalities: readonly Record<string, unknown>[];
  readonly sectors: readonly Record<string, unknown>[];
}

/** What the conversion did, for the command's output and docs/operations.md. */
export interface TerritorialStats {
  /** Provincias and municipios ONE has that the portal did not (names). */
  readonly newMunicipalities: readonly string[];
  /** Sectors of the earlier lists (ids below ONE_SECTOR_ID_BASE) that have a ONE code. */
  readonly matchedSectors: number;
  /** Sectors of the earlier lists kept without a ONE code (id, municipio id, name). */
  readonly unmatchedSectors: readonly { id: number; municipioId: number; name: string }[];
  /** Barrios and parajes with no row before this conversion (added with a new id). */
  readonly newSectors: number;
  readonly minSectorsPerMunicipality: { readonly municipioId: number; readonly count: number };
  readonly maxSectorsPerMunicipality: { readonly municipioId: number; readonly count: number };
}

export interface TerritorialRows {
  readonly provinces: TerritorialRow[];
  readonly municipalities: TerritorialRow[];
  readonly sectors: TerritorialRow[];
  readonly stats: TerritorialStats;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null);
const integer = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : null);

/** Ids already taken in a table: a new row whose id is someone else's is refused. */
function idGuard(table: string) {
  const taken = new Map<number, string>();
  return (id: number, owner: string) => {
    const other = taken.get(id);
    if (other !== undefined && other !== owner) throw new TerritorialDivisionError(`${table}: el id ${id} sería a la vez ${other} y ${owner}.`);
    taken.set(id, owner);
  };
}

/**
 * Prefixes a barrio's name may carry in one list and not in the other (ONE's
 * «Ensanche Naco» is the portal's «Naco»): compared without them when the
 * whole name matches nothing.
 */
const NAME_PREFIXES = /^(?:ensanche|urbanizacion|residencial|reparto|barrio) /u;

/** A legacy name's comparison forms, most exact first: the whole name, then without a prefix. */
const matchKeys = (name: string): [string, string] => {
  const whole = normalizeText(name);
  return [whole, whole.replace(NAME_PREFIXES, '')];
};

/** A municipal district's name as a qualifier: «D. M. San Luis», or the head district's name alone. */
function districtLabel(district: OneRow): string {
  const name = district.name.replace(/\s*\(\s*D\.?\s*M\.?\s*\)$/iu, '');
  return district.district === '01' ? name : `D. M. ${name}`;
}

/** A section's name as a qualifier: «sección Zona urbana», «sección Barro en Medio». */
function sectionLabel(section: OneRow): string {
  const urban = /\((zona urbana)\)$/iu.exec(section.name);
  return `sección ${urban ? 'Zona urbana' : section.name}`;
}

/** The displayed name of each barrio or paraje of one municipio: unique in it (see the top of this file). */
function displayNames(rows: readonly OneRow[], districts: ReadonlyMap<string, OneRow>, sections: ReadonlyMap<string, OneRow>): Map<OneRow, string> {
  const count = (key: (row: OneRow) => string) => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
    return (row: OneRow) => counts.get(key(row))!;
  };
  const byName = count((r) => normalizeText(r.name));
  const byDistrict = count((r) => `${normalizeText(r.name)}|${r.district}`);
  const names = new Map<OneRow, string>();
  for (const row of rows) {
    if (byName(row) === 1) {
      names.set(row, row.name);
      continue;
    }
    const parts = [districtLabel(districts.get(parentKey(row, 3))!)];
    if (byDistrict(row) > 1) parts.push(sectionLabel(sections.get(parentKey(row, 4))!));
    names.set(row, `${row.name} (${parts.join(', ')})`);
  }
  return names;
}

/**
 * The rows of the three tables for `division`, keeping the ids of `current`
 * (see the top of this file). Throws a TerritorialDivisionError when a new id
 * would be another row's.
 */
export function territorialRows(division: OneDivision, current: CurrentTerritorialRows): TerritorialRows {
  // Provincias: by code; the portal's rows ONE lacks stay as they are.
  const provinceGuard = idGuard(territorialTable('province').name);
  const provinceId = new Map<string, number>();
  const usedProvinces = new Set<Record<string, unknown>>();
  const provinces: TerritorialRow[] = division.provinces.map((one) => {
    const mine = current.provinces.find((p) => text(p.geoCode) === one.geoCode) ?? current.provinces.find((p) => text(p.codigoProvinciaDGII) === one.province);
    if (mine) usedProvinces.add(mine);
    const id = integer(mine?.id) ?? Number(one.province);
    provinceGuard(id, one.geoCode);
    provinceId.set(one.province, id);
    return { id, nombreProvincia: text(mine?.nombreProvincia) ?? one.name, codigoProvinciaDGII: one.province, paisId: integer(mine?.paisId) ?? 1, geoCode: one.geoCode };
  });
  for (const p of current.provinces) {
    if (usedProvinces.has(p)) continue;
    provinceGuard(integer(p.id) ?? -1, `fila ${String(p.id)}`);
    provinces.push({ ...pick(p, ['id', 'nombreProvincia', 'codigoProvinciaDGII', 'paisId']), geoCode: null });
  }

  // Municipios: by code (province + municipality).
  const municipalityGuard = idGuard(territorialTable('municipality').name);
  const municipalityId = new Map<string, number>();
  const usedMunicipalities = new Set<Record<string, unknown>>();
  const newMunicipalities: string[] = [];
  const municipalities: TerritorialRow[] = division.municipalities.map((one) => {
    const code = one.province + one.municipality;
    const mine = current.municipalities.find((m) => text(m.geoCode) === one.geoCode) ?? current.municipalities.find((m) => text(m.municipioDGII) === code);
    if (mine) usedMunicipalities.add(mine);
    else newMunicipalities.push(`${one.name} (${code})`);
    const id = integer(mine?.id) ?? Number(one.province) * 100 + Number(one.municipality);
    municipalityGuard(id, one.geoCode);
    municipalityId.set(code, id);
    return { id, provinciaId: provinceId.get(one.province)!, nombre: text(mine?.nombre) ?? one.name, municipioDGII: code, geoCode: one.geoCode };
  });
  for (const m of current.municipalities) {
    if (usedMunicipalities.has(m)) continue;
    municipalityGuard(integer(m.id) ?? -1, `fila ${String(m.id)}`);
    municipalities.push({ ...pick(m, ['id', 'provinciaId', 'nombre', 'municipioDGII']), geoCode: null });
  }

  // Sectores: the barrios and parajes of each municipio, with their displayed names.
  const districts = new Map(division.districts.map((r) => [parentKey(r, 3), r]));
  const sections = new Map(division.sections.map((r) => [parentKey(r, 4), r]));
  const oneByMunicipality = new Map<number, OneRow[]>();
  for (const row of division.neighborhoods) {
    const id = municipalityId.get(row.province + row.municipality)!;
    const rows = oneByMunicipality.get(id);
    if (rows) rows.push(row);
    else oneByMunicipality.set(id, [row]);
  }
  const displayed = new Map<OneRow, string>();
  for (const rows of oneByMunicipality.values()) for (const [row, name] of displayNames(rows, districts, sections)) displayed.set(row, name);
  const oneByGeo = new Map(division.neighborhoods.map((r) => [r.geoCode, r]));

  // The sector (current row or new) of each ONE row, and the current rows left without one.
  const claimed = new Map<OneRow, Record<string, unknown>>();
  const legacy: Record<string, unknown>[] = [];
  for (const s of current.sectors) {
    const one = oneByGeo.get(text(s.geoCode) ?? '');
    if (one && !claimed.has(one)) claimed.set(one, s);
    else legacy.push(s);
  }
  // A legacy sector takes the one free ONE row of its municipio that has its name (whole, then without a prefix).
  const proposals = new Map<OneRow, { sector: Record<string, unknown>; stage: number }[]>();
  for (const s of legacy) {
    const name = text(s.nombreSector);
    const free = (oneByMunicipality.get(integer(s.municipioId) ?? -1) ?? []).filter((r) => !claimed.has(r));
    if (name === null || free.length === 0) continue;
    const [whole, bare] = matchKeys(name);
    const stages: ((r: OneRow) => boolean)[] = [
      (r) => normalizeText(displayed.get(r)!) === whole,
      (r) => normalizeText(r.name) === whole,
      (r) => matchKeys(r.name)[1] === bare,
    ];
    for (const [stage, test] of stages.entries()) {
      const hits = free.filter(test);
      if (hits.length === 0) continue;
      // More than one ONE row with this name: which one is meant is unknown, so none.
      if (hits.length === 1) proposals.set(hits[0], [...(proposals.get(hits[0]) ?? []), { sector: s, stage }]);
      break;
    }
  }
  for (const [one, wanted] of proposals) {
    const best = Math.min(...wanted.map((w) => w.stage));
    const winners = wanted.filter((w) => w.stage === best);
    // Two legacy sectors for one ONE row: the closer name wins; a tie keeps both without a code.
    if (winners.length === 1) claimed.set(one, winners[0].sector);
  }
  const matchedLegacy = new Set(claimed.values());

  const sectorGuard = idGuard(territorialTable('sector').name);
  const sectors: TerritorialRow[] = [];
  let newSectors = 0;
  for (const [municipioId, rows] of oneByMunicipality) {
    for (const one of rows) {
      const mine = claimed.get(one);
      const id = integer(mine?.id) ?? ONE_SECTOR_ID_BASE + one.id;
      // The portal's name stays on the rows it had; ONE's (displayed) name on the ones it added.
      const name = mine && id < ONE_SECTOR_ID_BASE ? (text(mine.nombreSector) ?? displayed.get(one)!) : displayed.get(one)!;
      if (!mine) newSectors++;
      sectorGuard(id, one.geoCode);
      sectors.push({ id, municipioId, nombreSector: name, geoCode: one.geoCode });
    }
  }
  const unmatchedSectors: { id: number; municipioId: number; name: string }[] = [];
  for (const s of current.sectors) {
    if (matchedLegacy.has(s)) continue;
    const id = integer(s.id);
    const municipioId = integer(s.municipioId);
    const name = text(s.nombreSector);
    if (id === null || municipioId === null || name === null) throw new TerritorialDivisionError(`${territorialTable('sector').name}: la fila ${String(s.id)} actual está incompleta.`);
    sectorGuard(id, `fila ${id}`);
    unmatchedSectors.push({ id, municipioId, name });
    sectors.push({ id, municipioId, nombreSector: name, geoCode: null });
  }
  uniqueNames(sectors);
  sectors.sort((a, b) => (a.id as number) - (b.id as number));

  const perMunicipality = new Map<number, number>(municipalities.map((m) => [m.id as number, 0]));
  for (const s of sectors) perMunicipality.set(s.municipioId as number, (perMunicipality.get(s.municipioId as number) ?? 0) + 1);
  const counts = [...perMunicipality].map(([municipioId, count]) => ({ municipioId, count })).sort((a, b) => a.count - b.count || a.municipioId - b.municipioId);
  return {
    provinces: provinces.sort((a, b) => (a.id as number) - (b.id as number)),
    municipalities: municipalities.sort((a, b) => (a.id as number) - (b.id as number)),
    sectors,
    stats: {
      newMunicipalities,
      matchedSectors: sectors.filter((s) => (s.id as number) < ONE_SECTOR_ID_BASE && s.geoCode !== null).length,
      unmatchedSectors,
      newSectors,
      minSectorsPerMunicipality: counts[0],
      maxSectorsPerMunicipality: counts[counts.length - 1],
    },
  };
}

/** The named keys of a row, as reference cells. */
function pick(row: Record<string, unknown>, keys: readonly string[]): TerritorialRow {
  return Object.fromEntries(keys.map((key) => [key, typeof row[key] === 'number' || typeof row[key] === 'string' ? row[key] : null]));
}

/**
 * Last resort for names that still repeat in a municipio (a kept legacy name
 * equal to a ONE name, or a future copy's surprise): the ONE rows among them
 * carry their geo code. None does with the 2020 copy.
 */
function uniqueNames(sectors: TerritorialRow[]): void {
  const seen = new Map<string, number>();
  const key = (s: TerritorialRow) => `${String(s.municipioId)}|${normalizeText(String(s.nombreSector))}`;
  for (const s of sectors) seen.set(key(s), (seen.get(key(s)) ?? 0) + 1);
  for (const s of sectors) {
    if (seen.get(key(s))! > 1 && s.geoCode !== null && (s.id as number) >= ONE_SECTOR_ID_BASE) s.nombreSector = `${String(s.nombreSector)} (${String(s.geoCode)})`;
  }
}
