/**
 * The README's table of environment variables, rendered from configSchema.ts: the block between
 * `<!-- config:start -->` and `<!-- config:end -->`. `npx tsx packages/server/src/cli/configTable.ts`
 * rewrites it; with `--check` it only says whether it is up to date (test/configTable.test.ts
 * fails too when it is not).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { conditionOf, requirementOf } from '../config';
import { CONFIG_VARIABLES, variableSchema, type ConfigVariable } from '../configSchema';
import { runCommand } from './runCommand';

export const README = fileURLToPath(new URL('../../../../README.md', import.meta.url));
export const BLOCK_START = '<!-- config:start -->';
export const BLOCK_END = '<!-- config:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function defaultCell(name: ConfigVariable): string {
  const schema = variableSchema(name);
  if (schema.defaultText !== undefined) return schema.defaultText;
  if (schema.mandatory) return '—';
  if (schema.default !== undefined && schema.default !== '') return `\`${schema.default}\``;
  return '(vacía)';
}

/** What the value must be: the error message's wording, without the value given. */
function conditionCell(name: ConfigVariable): string {
  const condition = conditionOf(name);
  const parts = [
    condition === undefined ? undefined : `${variableSchema(name).mandatory ? 'obligatoria' : 'solo'} con \`${condition}\``,
    requirementOf(name)?.replace(/\s*\([^()]*\{valor\}[^()]*\)/, ''),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? '—' : parts.join('; ');
}

/** The Markdown table, one row per variable in the schema's order. */
export function renderConfigTable(): string {
  const rows = CONFIG_VARIABLES.map((name) =>
    `| \`${name}\` | ${cell(defaultCell(name))} | ${cell(conditionCell(name))} | ${cell(variableSchema(name).description)} |`);
  return ['| variable | por defecto | condición | qué hace |', '|---|---|---|---|', ...rows].join('\n');
}

/** `readme` with its configuration block replaced by the rendered table; throws when the markers are missing. */
export function withConfigTable(readme: string): string {
  const start = readme.indexOf(BLOCK_START);
  const end = readme.indexOf(BLOCK_END);
  if (start < 0 || end < start) throw new Error(`README.md no tiene el bloque ${BLOCK_START} … ${BLOCK_END}`);
  const generated = '<!-- generada desde packages/server/src/configSchema.ts: npx tsx packages/server/src/cli/configTable.ts -->';
  return `${readme.slice(0, start + BLOCK_START.length)}\n${generated}\n\n${renderConfigTable()}\n\n${readme.slice(end)}`;
}

async function run(args: string[]): Promise<number> {
  const readme = await readFile(README, 'utf8');
  const updated = withConfigTable(readme);
  if (args.includes('--check')) {
    if (updated === readme) return 0;
    console.error('La tabla de configuración de README.md no coincide con packages/server/src/configSchema.ts: ejecute npx tsx packages/server/src/cli/configTable.ts');
    return 1;
  }
  if (updated !== readme) await writeFile(README, updated);
  console.log(updated === readme ? 'README.md ya estaba al día.' : 'Tabla de configuración de README.md regenerada.');
  return 0;
}

runCommand(import.meta.url, run);
