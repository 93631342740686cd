/**
 * SQL lives only in the stores (src/services/**, and src/db/** for the schema
 * and reference data): a route or a plugin asks a store, never the database.
 * This file reads every source of src/routes and src/plugins and fails on a
 * call of `.query(` or `.exec(` (a regular expression's exec aside) and on a
 * string or template literal with SQL in it (SELECT, INSERT INTO, UPDATE … SET,
 * DELETE FROM…). Comments do not count. No file is exempt: the reference
 * lists of /v1/region read through services/region too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const CHECKED = ['routes', 'plugins'];

/** SQL words, upper case as the sources write SQL; Spanish user messages never carry them. */
const SQL = /\b(SELECT|INSERT\s+INTO|DELETE\s+FROM|UPDATE\s+[a-z_]+\s+SET|ON\s+CONFLICT|RETURNING|CREATE\s+(?:TABLE|INDEX)|ALTER\s+TABLE|DROP\s+TABLE|TRUNCATE|pg_notify)\b/;

/** Every .ts source under `dir` (tests aside), relative to src/. */
function sources(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .sort();
}

/** `/re/.exec(…)` and `new RegExp(…).exec(…)` run a regular expression, not SQL. */
function isRegExp(node: ts.Expression): boolean {
  if (ts.isParenthesizedExpression(node)) return isRegExp(node.expression);
  if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) return true;
  return ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp';
}

/** What in `text` (a TypeScript source) runs or writes SQL, one line per finding: `line: what`. */
function sqlFindings(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression } = node.expression;
      if (name.text === 'query' || (name.text === 'exec' && !isRegExp(expression))) findings.push(`${at(node)}: llama a .${name.text}(`);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const match = SQL.exec(node.text);
      if (match) findings.push(`${at(node)}: SQL en un texto («${match[0]}»)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('SQL solo en los almacenes', () => {
  it('ninguna ruta ni plugin consulta la base de datos ni escribe SQL (src/routes, src/plugins)', () => {
    const files = CHECKED.flatMap(sources);
    expect(files.length).toBeGreaterThan(40);
    const problems = files.flatMap((file) => sqlFindings(file, readFileSync(path.join(SRC, file), 'utf8')).map((finding) => `src/${file}:${finding}`));
    expect(problems, 'mueva la consulta a un almacén de src/services (el del concepto, o uno nuevo) y llame a su función').toEqual([]);
  });

  it('encuentra consultas y SQL, y no las expresiones regulares ni los comentarios (la prueba puede fallar)', () => {
    const sample = [
      "// SELECT in a comment does not count",
      "const a = await app.db.query('SELECT 1');",
      'await tx.exec(script);',
      'const sql = `UPDATE citizens SET email = $2 WHERE id = ${id}`;',
      "const b = 'DELETE FROM documents';",
      'const c = /^Bearer\\s+(\\S+)$/i.exec(header);',
      'const d = new RegExp(`${column} AS "([^"]+)"`).exec(list);',
      "const e = 'Seleccione el tipo de reclamo';",
    ].join('\n');
    expect(sqlFindings('muestra.ts', sample)).toEqual([
      '2: llama a .query(',
      '2: SQL en un texto («SELECT»)',
      '3: llama a .exec(',
      '4: SQL en un texto («UPDATE citizens SET»)',
      '5: SQL en un texto («DELETE FROM»)',
    ]);
  });
});
