/**
 * The `form-engine` command.
 *   form-engine check <form> <data.json> [--today YYYY-MM-DD]
 *   form-engine lint [form...]
 *   form-engine docs [--check]
 * check prints one JSON object and exits 0 (valid), 1 (invalid) or 2 (bad arguments or input).
 */
import { readFileSync } from 'node:fs';
import { check } from '../validate/validate';
import { parseIsoDate } from '../logic/dates';
import { FormFileError, formFile, listForms, loadForm, readFormFile } from './loadForm';
import { lintForm } from '../lint/lintForm';
import { writeFormDocs } from './writeFormDocs';

const USAGE = 'Uso: form-engine check <formulario> <datos.json> [--today AAAA-MM-DD] | form-engine lint [formulario...] | form-engine docs [--check]';

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

function runCheck(args: string[]): number {
  const positional: string[] = [];
  let today: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--today') {
      today = args[++i];
      if (parseIsoDate(today) === null) return fail(`Fecha inválida para --today: ${today ?? '(vacía)'}; use AAAA-MM-DD`);
    } else if (args[i].startsWith('--today=')) {
      today = args[i].slice('--today='.length);
      if (parseIsoDate(today) === null) return fail(`Fecha inválida para --today: ${today}; use AAAA-MM-DD`);
    } else if (args[i].startsWith('--')) {
      return fail(`Opción desconocida: ${args[i]}\n${USAGE}`);
    } else positional.push(args[i]);
  }
  if (positional.length !== 2) return fail(USAGE);
  const [formName, dataFile] = positional;
  let schema;
  try {
    schema = loadForm(formName);
  } catch (e) {
    return fail(e instanceof FormFileError ? e.message : `No se puede cargar el formulario ${formName}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(dataFile === '-' ? 0 : dataFile, 'utf8'));
  } catch (e) {
    return fail(`No se pueden leer los datos de ${dataFile}: ${(e as Error).message}`);
  }
  let result;
  try {
    result = check(schema, data, { today });
  } catch (e) {
    return fail(`El formulario ${formName} no se puede evaluar: ${(e as Error).message}`);
  }
  const out = {
    valid: result.valid,
    visible: [...result.evaluation.visible],
    required: [...result.evaluation.required],
    errors: result.errors,
    warnings: result.evaluation.warnings,
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  return result.valid ? 0 : 1;
}

function runLint(args: string[]): number {
  const names = args.length > 0 ? args : listForms();
  if (names.length === 0) return fail('No hay formularios en schemas/');
  let problems = 0;
  for (const name of names) {
    const file = formFile(name);
    if (!file) return fail(`Formulario desconocido: ${name}`);
    let schema;
    try {
      schema = readFormFile(file);
    } catch (e) {
      process.stderr.write(`${(e as Error).message}\n`);
      problems++;
      continue;
    }
    for (const issue of lintForm(schema)) {
      process.stderr.write(`${file}#${issue.pointer}: ${issue.message}\n`);
      problems++;
    }
  }
  if (problems > 0) {
    process.stderr.write(`${problems} problema(s) encontrados.\n`);
    return 1;
  }
  process.stdout.write(`Formularios correctos: ${names.join(', ')}\n`);
  return 0;
}

function runDocs(args: string[]): number {
  const checkOnly = args.includes('--check');
  const stale = writeFormDocs({ checkOnly });
  if (checkOnly && stale.length > 0) {
    process.stderr.write(`Documentación desactualizada: ${stale.join(', ')}. Ejecute npm run schemas:docs.\n`);
    return 1;
  }
  process.stdout.write(checkOnly ? 'Documentación al día.\n' : `Escrito: ${stale.join(', ') || '(sin cambios)'}\n`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'check') return runCheck(rest);
  if (command === 'lint') return runLint(rest);
  if (command === 'docs') return runDocs(rest);
  return fail(USAGE);
}
