// Lint rules. The import-direction rule encodes the one-way dependency graph
// described in docs/architecture.md: the engine imports no React/DOM code,
// the server and the renderer import the engine, nothing imports the app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import portal from './scripts/eslint/contractRequestBody.js';

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

const appPatterns = [
  { group: ['@portal/server', '**/server/src/**'], message: 'La app no importa el servidor: los tipos de la API vienen de @portal/api-contract.' },
  // zxcvbn's dictionaries are 1.2 MB (584 KB gzip): the browser checks the cheap password rules and asks the
  // server for guessability (tests/architecture.test.ts also follows every import of the app to prove it).
  {
    group: ['@portal/form-engine/password', '@portal/form-engine/password/**', '**/form-engine/src/password', '**/form-engine/src/password/index*', '**/form-engine/src/password/passwordPolicy*', '@zxcvbn-ts/*'],
    message: 'La app no carga zxcvbn (1,2 MB): las reglas baratas vienen de @portal/form-engine/password-rules y lo demás lo juzga el servidor (POST /v1/portals/auth/citizens/password-check).',
  },
];

/** The app's feature folders (app/src/features/<feature>): each gets its own boundary rule, new ones included. */
const features = readdirSync(new URL('./app/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features never import each other nor the app layer (bulletproof-react): what two share goes to
 * app/src/{components,lib,api,modals,config}. A relative import reaches another feature by climbing
 * to features/ (one `../` per folder level of the importing file, plus one), so the rule is written
 * per feature and per depth; `features/<other>` anywhere in a path is refused at every depth.
 */
function featureConfigs() {
  const configs = [];
  for (const feature of features) {
    for (let depth = 0; depth <= 4; depth++) {
      const up = `(\\.\\./){${depth + 1}}`;
      configs.push({
        files: [`app/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', {
            patterns: [
              ...appPatterns,
              { regex: `^${up}(?!${feature}(/|$))[^./][^/]*`, message: `Una funcionalidad no importa otra (features/${feature}): lo compartido va en app/src/components, lib, api o modals.` },
              { regex: `(^|/)features/(?!${feature}(/|$))`, message: `Una funcionalidad no importa otra (features/${feature}): lo compartido va en app/src/components, lib, api o modals.` },
              { regex: `^${up}\\.\\./app(/|$)`, message: 'Las funcionalidades no importan la capa app/src/app (rutas y proveedores): es ella la que las compone.' },
            ],
          }],
        },
      });
    }
  }
  return configs;
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
    // No import cycles, within a package or across packages (@portal/* resolve to their sources and
    // count as internal; npm packages are not walked). Type-only imports do not count: they vanish
    // at build. A recursion that is the design (a component that renders, through others, another
    // instance of itself) is declared where it closes, with an eslint-disable comment that gives the
    // reason (tests/importCycles.test.ts).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/internal-regex': '^@portal/',
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
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
    // The API contract holds JSON schemas and type helpers only: it runs in the browser and in the server.
    files: ['packages/api-contract/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: uiPackages, message: 'El contrato de la API no importa librerías de interfaz.' },
          { group: ['@portal/*', '**/app/**', '**/server/**', '**/form-mantine/**', '**/form-engine/**', 'node:*', 'fastify'], message: 'El contrato de la API no importa nada: solo esquemas JSON y tipos.' },
        ],
      }],
    },
  },
  {
    files: ['app/src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: appPatterns }],
      // no-restricted-imports does not see import('…'), the way the password policy used to come in.
      'no-restricted-syntax': ['error', {
        selector: 'ImportExpression[source.value=/^@zxcvbn-ts\\x2F|^@portal\\x2Fform-engine\\x2Fpassword(\\x2F|$)|form-engine\\x2Fsrc\\x2Fpassword(\\x2F(index|passwordPolicy)(\\.ts)?)?$/]',
        message: 'La app no carga zxcvbn (1,2 MB): las reglas baratas vienen de @portal/form-engine/password-rules y lo demás lo juzga el servidor (POST /v1/portals/auth/citizens/password-check).',
      }],
    },
  },
  {
    // Every JSON body the app sends is typed from the schema the server validates it with
    // (@portal/api-contract, bodySchemas.ts), never by a type written in the app: see the rule's file.
    files: ['app/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { portal },
    rules: { 'portal/contract-request-body': 'error' },
  },
  {
    // The app's shared layer is the lowest: it knows no feature and not the app layer that composes
    // them (app/src/app holds the modal registry, the routes and the providers). Tests may compose.
    files: ['app/src/{components,lib,modals,api,config}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...appPatterns,
          { regex: '(^|/)features(/|$)', message: 'El código compartido (components, lib, modals, api, config) no importa funcionalidades: las compone la capa app/src/app.' },
          { regex: '^(\\.\\./)+app(/|$)', message: 'El código compartido no importa la capa app/src/app: es ella la que lo usa.' },
        ],
      }],
    },
  },
  ...featureConfigs(),
  {
    files: ['packages/form-mantine/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['@portal/server', '@portal/app', '**/server/src/**', '**/app/src/**'], message: 'El renderizador solo importa el motor.' }],
      }],
    },
  },
);
