// Lint rules. The import-direction rule encodes the one-way dependency graph
// described in docs/architecture.md: the engine imports no React/DOM code,
// the server and the renderer import the engine, nothing imports the app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const uiPackages = ['react', 'react-dom', 'react/*', '@mantine/*', '@rjsf/*', 'wouter', 'swr', 'ky'];

function enginePatterns(browserSafe) {
  const patterns = [
    { group: uiPackages, message: 'El motor de formularios no importa React ni librerías de interfaz.' },
    { group: ['@portal/server', '@portal/form-mantine', '@portal/app', '**/app/**', '**/server/**', '**/form-mantine/**'], message: 'El motor no depende de otros paquetes del portal.' },
  ];
  if (browserSafe) {
    patterns.push({ group: ['node:*', 'fs', 'path', 'url', 'os', 'child_process', '**/node/**'], message: 'El motor corre también en el navegador: los módulos de Node solo en src/node/.' });
  }
  return patterns;
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.data/**', 'docs/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['packages/form-engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: enginePatterns(false) }],
    },
  },
  {
    // The engine proper runs in the browser too: no Node built-ins outside src/node/ and the tests.
    files: ['packages/form-engine/src/**'],
    ignores: ['packages/form-engine/src/node/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: enginePatterns(true) }],
    },
  },
  {
    files: ['packages/server/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: uiPackages, message: 'El servidor no importa librerías de interfaz.' },
          { group: ['@portal/form-mantine', '@portal/app', '**/app/src/**', '**/form-mantine/**'], message: 'El servidor solo importa el motor.' },
        ],
      }],
    },
  },
  {
    files: ['packages/form-mantine/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@portal/server', '@portal/app', '**/server/src/**', '**/app/src/**'], message: 'El renderizador solo importa el motor.' }],
      }],
    },
  },
);
