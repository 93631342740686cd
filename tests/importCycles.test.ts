/**
 * import-x/no-cycle (eslint.config.js) refuses import loops, within a package and through the
 * workspace packages; a recursion that is the design is declared where it closes, with a reason.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });

async function cycleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => m.message);
}

/** The files of form-mantine's one loop: SchemaForm → RowDialogModal → GridRowEditor → SchemaForm. */
const LOOP = [
  'packages/form-mantine/src/schema-form/SchemaForm.tsx',
  'packages/form-mantine/src/grid-dialog/RowDialogModal.tsx',
  'packages/form-mantine/src/grid-dialog/GridRowEditor.tsx',
];
const DECLARATION = /^\s*\/\/ eslint-disable-next-line import-x\/no-cycle -- declared recursion: .+\n/m;

describe('import cycles', () => {
  it.each(LOOP)('%s declares the grid dialog recursion, with its reason', async (file) => {
    const source = readFileSync(resolve(root, file), 'utf8');
    expect(source).toMatch(DECLARATION);
    expect(await cycleErrors(file, source)).toEqual([]);
  });

  it.each(LOOP)('without its declaration, %s is refused', async (file) => {
    const source = readFileSync(resolve(root, file), 'utf8').replace(DECLARATION, '');
    const errors = await cycleErrors(file, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Dependency cycle/);
  });

  it('refuses a loop through a package index', async () => {
    const code = "import { FORMALIZATION_FORM } from './index';\nexport const FORM = FORMALIZATION_FORM;\n";
    expect(await cycleErrors('packages/api-contract/src/requestStatus.ts', code)).toHaveLength(1);
  });

  it('refuses a loop across workspace packages', async () => {
    // form-mantine imports the engine's index, which re-exports evaluate/prune.ts: prune importing the renderer closes a loop.
    const code = "import { SchemaForm } from '@portal/form-mantine';\nexport const prune = SchemaForm;\n";
    expect(await cycleErrors('packages/form-engine/src/evaluate/prune.ts', code)).toHaveLength(1);
  });

  it('lets a type-only import close a loop (it is gone once compiled)', async () => {
    const code = "import type { Application } from './index';\nexport type A = Application;\n";
    expect(await cycleErrors('packages/api-contract/src/requestStatus.ts', code)).toEqual([]);
  });
});
