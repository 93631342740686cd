/** The one-way import rules of docs/architecture.md (packages, and the app's features) are enforced by ESLint; this proves the rules fire. */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the import rules eslint gives `code` written in `file` (`import()` is policed by no-restricted-syntax). */
async function importErrors(file: string, code: string, rules: readonly string[] = ['no-restricted-imports']): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.filter((m) => m.ruleId !== null && rules.includes(m.ruleId)).map((m) => m.message);
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

describe('API contract', () => {
  it.each([
    ['packages/api-contract/src/x.ts', "import Fastify from 'fastify';"],
    ['packages/api-contract/src/x.ts', "import { useState } from 'react';"],
    ['packages/api-contract/src/x.ts', "import { validate } from '@portal/form-engine';"],
    ['app/src/api/x.ts', "import { buildApp } from '@portal/server';"],
    ['app/src/api/x.ts', "import { applicationSchema } from '../../../packages/server/src/routes/applications/applicationSchemas';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await importErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['packages/server/src/routes/x.ts', "import { applicationSchema } from '@portal/api-contract';"],
    ['app/src/api/x.ts', "import type { Application } from '@portal/api-contract';"],
  ])('%s may: %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});

describe('app features never import each other nor the app layer', () => {
  it.each([
    ['app/src/features/home/components/X.tsx', "import { LoginForm } from '../../auth/components/LoginForm';"],
    ['app/src/features/home/X.ts', "import { login } from '../auth/api/login';"],
    ['app/src/features/applications/components/deep/X.tsx', "import { MyApplications } from '../../../requests/components/MyApplications';"],
    ['app/src/features/requests/components/X.tsx', "import { ServicePage } from '../../../../src/features/services/components/ServicePage';"],
    ['app/src/features/requests/components/X.tsx', "import { App } from '../../../app/App';"],
    ['app/src/features/requests/X.ts', "import { AppRoutes } from '../../app/AppRoutes';"],
    // A feature that does not exist yet is still another feature.
    ['app/src/features/home/components/X.tsx', "import { x } from '../../payments/x';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await importErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['app/src/features/requests/components/X.tsx', "import { applicationName } from '../applicationName';"],
    ['app/src/features/requests/components/X.tsx', "import { api } from '../../../lib/api-client';"],
    ['app/src/features/requests/components/X.tsx', "import { useApplications } from '../../../api/applications';"],
    ['app/src/features/applications/components/deep/X.tsx', "import { openModal } from '../../../../modals/modalStore';"],
    ['app/src/features/applications/form.ts', "import schemaJson from '../../../../schemas/formalizacion/schema.json';"],
    ['app/src/app/routes/HomeRoute.tsx', "import { HomePage } from '../../features/home/components/HomePage';"],
  ])('%s may: %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});

describe("the app's shared layer knows no feature and not the app layer", () => {
  it.each([
    ['app/src/modals/X.ts', "import { x } from '../features/payments/modals/PayRequestContent';"],
    ['app/src/lib/deep/X.ts', "import { x } from '../../features/requests/applicationName';"],
    ['app/src/components/X.tsx', "import { App } from '../app/App';"],
    ['app/src/api/X.ts', "import { MODAL_REGISTRY } from '../app/modalRegistry';"],
    ['app/src/config/X.ts', "import { HomePage } from '../features/home/components/HomePage';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await importErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['app/src/modals/X.ts', "import { api } from '../lib/api-client';"],
    ['app/src/app/X.ts', "import { x } from '../features/payments/modals/PayRequestContent';"],
    // Tests compose: the modal host's test renders the app's registry.
    ['app/src/modals/X.test.tsx', "import { MODAL_REGISTRY } from '../app/modalRegistry';"],
  ])('%s may: %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});

describe('one name for the formalization form', () => {
  /** Every source file (tests aside) of the server and the app. */
  function sources(dir: string): string[] {
    return readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`);
  }

  it("no source but the API contract writes the literal 'formalizacion' (they import FORMALIZATION_FORM)", () => {
    const files = [...sources('packages/server/src'), ...sources('app/src'), ...sources('packages/api-contract/src')];
    expect(files.length).toBeGreaterThan(100);
    const copies = files.filter((file) => file !== 'packages/api-contract/src/forms.ts' && /['"`]formalizacion['"`]/.test(readFileSync(resolve(root, file), 'utf8')));
    expect(copies).toEqual([]);
  });
});

describe('forms built into the app', () => {
  it('the app compiles exactly the engine\'s BUILT_IN_FORMS (every other form is published, never in the build)', async () => {
    const { BUILT_IN_FORMS } = await import('../packages/form-engine/src/node/loadForm');
    // Sources that import (the type declarations aside).
    const files = readdirSync(resolve(root, 'app/src'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));
    const built = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(resolve(root, 'app/src', file), 'utf8').matchAll(/['"]virtual:form-validators(?:\/([a-z0-9-]+))?['"]/g)) built.add(m[1] ?? '*');
    }
    expect([...built].sort()).toEqual([...BUILT_IN_FORMS].sort());
  });
});

describe('zxcvbn never reaches the browser', () => {
  /** The refusals of both rules: no-restricted-imports (import, export … from) and no-restricted-syntax (import('…')). */
  const zxcvbnErrors = (file: string, code: string) => importErrors(file, code, ['no-restricted-imports', 'no-restricted-syntax']);

  it.each([
    ['app/src/features/auth/components/X.ts', "import { judgePassword } from '@portal/form-engine/password';"],
    ['app/src/features/auth/components/X.ts', "const rules = () => import('@portal/form-engine/password');"],
    ['app/src/features/auth/components/X.ts', "export const z = () => import('@zxcvbn-ts/core');"],
    ['app/src/features/auth/components/X.ts', "const rules = () => import('../../../../../packages/form-engine/src/password/passwordPolicy');"],
    ['app/src/features/auth/components/X.ts', "import { zxcvbn } from '@zxcvbn-ts/core';"],
    ['app/src/lib/X.ts', "import { passwordProblem } from '../../../packages/form-engine/src/password/passwordPolicy';"],
    ['app/src/features/auth/components/X.ts', "import { passwordProblem } from '../../../../../packages/form-engine/src/password';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await zxcvbnErrors(file, code)).toHaveLength(1);
  });

  it.each([
    ['app/src/features/auth/components/X.ts', "import { passwordRuleVerdict } from '@portal/form-engine/password-rules';"],
    ['app/src/features/auth/components/X.ts', "const rules = () => import('@portal/form-engine/password-rules');"],
    ['packages/server/src/routes/auth/X.ts', "import { judgePassword } from '@portal/form-engine/password';"],
  ])('%s may: %s', async (file, code) => {
    expect(await zxcvbnErrors(file, code)).toEqual([]);
  });

  /**
   * What a module imports for the bundle: static imports and re-exports (type-only ones vanish at build)
   * and import('…') with a literal.
   */
  function bundledImports(file: string): string[] {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
      else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        found.push(node.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  /** The imports of `entries`, followed through the app and the workspace packages, that bring zxcvbn or the server-side policy. */
  function zxcvbnPaths(entries: string[]): { reached: string[]; offending: string[] } {
    const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, allowImportingTsExtensions: true, resolveJsonModule: true };
    const seen = new Set<string>();
    const offending: string[] = [];
    const queue = [...entries];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of bundledImports(file)) {
        const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule;
        const target = resolved ? relative(root, resolved.resolvedFileName) : '';
        if (/^@zxcvbn-ts\//.test(specifier) || /zxcvbn/.test(target) || /^packages\/form-engine\/src\/password\/(index|passwordPolicy)\.ts$/.test(target)) {
          offending.push(`${relative(root, file)} → ${specifier}`);
        }
        // The app's and the workspace packages' sources are followed (npm packages are not walked: none of them brings zxcvbn).
        if (/^(app|packages)\//.test(target) && /\.tsx?$/.test(target) && !target.endsWith('.d.ts')) queue.push(resolve(root, target));
      }
    }
    return { reached: [...seen].map((file) => relative(root, file)), offending };
  }

  it('no module the app bundles, directly or through the packages, imports zxcvbn or the server-side policy', () => {
    const entries = readdirSync(resolve(root, 'app/src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file) && !file.startsWith('test/'))
      .map((file) => resolve(root, 'app/src', file));
    const { reached, offending } = zxcvbnPaths(entries);
    // The walk did reach the packages: the cheap rules, the renderer and the engine.
    expect(reached).toEqual(expect.arrayContaining(['packages/form-engine/src/password/passwordRules.ts', 'packages/form-engine/src/index.ts', 'packages/form-mantine/src/index.ts']));
    expect(offending).toEqual([]);
  });

  it('the walk finds zxcvbn behind an import() of the policy, the way the app once loaded it', () => {
    const { offending } = zxcvbnPaths([resolve(root, 'tests/support/zxcvbnReachFixture.ts')]);
    expect(offending).toEqual(expect.arrayContaining([
      'tests/support/zxcvbnReachFixture.ts → @portal/form-engine/password',
      'packages/form-engine/src/password/index.ts → ./passwordPolicy',
      'packages/form-engine/src/password/passwordPolicy.ts → @zxcvbn-ts/core',
    ]));
  });
});
