/** The one-way import rule of docs/architecture.md is enforced by ESLint; this proves the rule fires. */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';

const root = resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import direction', () => {
  it.each([
    ['packages/form-engine/src/x.ts', "import React from 'react';"],
    ['packages/form-engine/src/x.ts', "import { MantineProvider } from '@mantine/core';"],
    ['packages/form-engine/src/x.ts', "import { readFileSync } from 'node:fs';"],
    ['packages/form-engine/src/x.ts', "import { buildApp } from '../../server/src/app';"],
    ['packages/server/src/x.ts', "import { SchemaForm } from '@portal/form-mantine';"],
    ['packages/server/src/x.ts', "import { useState } from 'react';"],
    ['packages/form-mantine/src/x.ts', "import { buildApp } from '@portal/server';"],
    ['packages/form-mantine/src/x.ts', "import { App } from '../../../app/src/App';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await importErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['packages/form-engine/src/node/x.ts', "import { readFileSync } from 'node:fs';"],
    ['packages/server/src/x.ts', "import { validate } from '@portal/form-engine';"],
    ['packages/form-mantine/src/x.ts', "import { evaluate } from '@portal/form-engine';"],
  ])('%s may: %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});
