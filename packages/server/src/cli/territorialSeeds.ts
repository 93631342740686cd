/**
 * Writes the seed files of provincias, municipios and sectores
 * (src/db/reference/*.json) from a copy of ONE's División Territorial 2020,
 * keeping the ids of the files there now (db/reference/territorialDivision.ts),
 * so a fresh database gets the whole country without the folder:
 *   tsx packages/server/src/cli/territorialSeeds.ts <carpeta> [carpeta-de-semillas]
 * Running it again on the same copy writes the same files. After a change,
 * raise the three descriptors' `seedVersion` (db/referenceTables.ts): the
 * databases seeded from older files get the new rows merged at start.
 */
import { writeFile } from 'node:fs/promises';
import { readOneDivision, TerritorialDivisionError, territorialRows, type TerritorialRow } from '../db/reference/territorialDivision';
import { territorialTable, type ReferenceTableDescriptor } from '../db/referenceTables';
import { readSeedRows, seedFile } from '../db/seedReference';
import { runCommand } from './runCommand';

/** A seed file's text: a JSON list, one row per line (13,000 sectors stay small and diff line by line); null cells left out. */
export function seedFileText(rows: readonly TerritorialRow[]): string {
  const lines = rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null))));
  return `[\n${lines.join(',\n')}\n]\n`;
}

/** The command; returns the exit code. */
export async function territorialSeeds(args: string[]): Promise<number> {
  const [folder, dir] = args;
  if (folder === undefined) {
    console.error('Uso: territorialSeeds <carpeta-de-la-division-territorial> [carpeta-de-semillas]');
    return 2;
  }
  const [provinces, municipalities, sectors] = (['province', 'municipality', 'sector'] as const).map((level) => territorialTable(level));
  const current = async (descriptor: ReferenceTableDescriptor) => (await readSeedRows(descriptor, dir)) ?? [];
  try {
    const rows = territorialRows(await readOneDivision(folder), {
      provinces: await current(provinces),
      municipalities: await current(municipalities),
      sectors: await current(sectors),
    });
    const written: [ReferenceTableDescriptor, TerritorialRow[]][] = [
      [provinces, rows.provinces],
      [municipalities, rows.municipalities],
      [sectors, rows.sectors],
    ];
    for (const [descriptor, list] of written) {
      await writeFile(seedFile(descriptor, dir), seedFileText(list));
      console.log(`${seedFile(descriptor, dir)}: ${list.length} filas.`);
    }
    const { stats } = rows;
    console.log(`Municipios nuevos: ${stats.newMunicipalities.join(', ') || 'ninguno'}.`);
    console.log(`Sectores anteriores con código de la ONE: ${stats.matchedSectors}; conservados sin código: ${stats.unmatchedSectors.length}; barrios y parajes nuevos: ${stats.newSectors}.`);
    console.log(
      `Sectores por municipio: de ${stats.minSectorsPerMunicipality.count} (municipio ${stats.minSectorsPerMunicipality.municipioId}) a ${stats.maxSectorsPerMunicipality.count} (municipio ${stats.maxSectorsPerMunicipality.municipioId}).`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof TerritorialDivisionError)) throw error;
    console.error(`${error.message}\nNo se escribió nada.`);
    return 2;
  }
}

runCommand(import.meta.url, territorialSeeds);
