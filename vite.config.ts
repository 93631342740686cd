import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { formValidatorsPlugin } from './packages/form-engine/src/node/formValidatorsVitePlugin';
import { formStudioPlugin } from './packages/form-engine/src/node/formStudioVitePlugin';
import { compileHintPlugin } from './packages/form-engine/src/node/compileHint';
import { precompressPlugin } from './packages/server/src/build/precompressVitePlugin';

import { fileURLToPath } from 'node:url';

/** Where `npm run dev` (and the analyst's studio) finds the portal's API. */
const API_URL = process.env.PORTAL_API_URL ?? 'http://localhost:3000';

/**
 * Two of Mantine's modules, as its own modules import them, replaced in the build (see each file why):
 * @mantine/hooks' useId by app/src/lib/mantineUseId.ts, and @mantine/core's find-element-in-shadow-dom
 * by app/src/lib/mantineShadowDomFree.ts.
 */
const MANTINE_SWAPS: { importer: string; source: RegExp; file: string }[] = [
  { importer: '/@mantine/hooks/esm/', source: /(^|\/)use-id\/use-id\.mjs$/, file: fileURLToPath(new URL('./app/src/lib/mantineUseId.ts', import.meta.url)) },
  {
    importer: '/@mantine/core/esm/',
    source: /(^|\/)find-element-in-shadow-dom\/find-element-in-shadow-dom\.mjs$/,
    file: fileURLToPath(new URL('./app/src/lib/mantineShadowDomFree.ts', import.meta.url)),
  },
];
const mantineSwaps = (): Plugin => ({
  name: 'portal-mantine-swaps',
  enforce: 'pre',
  resolveId(source, importer) {
    return MANTINE_SWAPS.find((swap) => importer?.includes(swap.importer) && swap.source.test(source))?.file ?? null;
  },
});

const engineValidate = fileURLToPath(new URL('./packages/form-engine/src/validate/', import.meta.url));

/** Modules of these Mantine components (their folders under @mantine/core/esm/components). */
const mantine = (...components: string[]) => new RegExp(`@mantine/core/esm/components/(${components.join('|')})/`);

/**
 * The lazy pages' files, in a few groups of what goes together (see build below). Dialogs, menus and
 * selects share Mantine's floating and overlay code; the form engine and its
 * renderer come with the inputs only they use. A few small pieces that pages outside those groups also
 * use stay on their own, so the catalogue or a confirmation does not fetch a whole group for them.
 */
const OVERLAYS = new RegExp(
  [
    mantine('Modal', 'ModalBase', 'FocusTrap', 'Overlay', 'Popover', 'Menu', 'Combobox', 'Select', 'DirectionProvider').source,
    '@mantine/core/esm/utils/Floating/',
    'node_modules/(@floating-ui|aria-hidden)/',
  ].join('|'),
);
/** What a dialog and the toasts' host both use: the page's scroll lock, Mantine's portal and its layers' z-index. */
const SCROLL_LOCK = new RegExp(
  [mantine('Portal').source, '@mantine/core/esm/core/utils/get-default-z-index/', 'node_modules/(react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib)/'].join('|'),
);
/**
 * The engine and what shows a form's answers (the review, a request's page): those pages need no renderer.
 * The renderer (RJSF, the theme, the inputs) is the form group, two thirds of the whole.
 */
const ENGINE = /\/packages\/form-engine\/|node_modules\/json-logic-js\/|\/packages\/form-mantine\/src\/(answers\/|widgets\/source-select\/(useSourceOptions|SourceCache|sourceOptions)\.ts)/;
// Not the upload dialog's drop zone (imported lazily, the group `soltarArchivo` below).
const FORMS = /\/packages\/form-mantine\/(?!src\/widgets\/document\/DropArea\.tsx$)|node_modules\/(@rjsf|fast-equals)\//;

// One Vite config: the SPA build (root app/) and the Vitest projects.
export default defineConfig(({ command }) => ({
  root: 'app',
  // precompressPlugin: .br and .gz beside each text asset, sent by the server as they are. A test
  // build that is never served compressed skips it (SPA_PRECOMPRESS=off: tests/support/buildSpa.ts).
  plugins: [react(), mantineSwaps(), formValidatorsPlugin(), formStudioPlugin(API_URL), compileHintPlugin(), ...(process.env.SPA_PRECOMPRESS === 'off' ? [] : [precompressPlugin()])],
  resolve: {
    // In the browser build the engine uses validators precompiled by formValidatorsPlugin: Ajv's
    // run-time compiler (and its `new Function`) is left out of the bundle. Tests keep the real one.
    // RJSF's markdown renderer is never enabled by our forms: a plain-text stand-in replaces it.
    alias: command === 'build'
      ? [
          { find: /^\.\/ajvRuntimeCompiler$/, replacement: `${engineValidate}noRuntimeCompiler.ts` },
          { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./app/src/lib/plainMarkdown.tsx', import.meta.url)) },
        ]
      : [],
  },
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
    // Everything the first page needs in one file: the automatic splitting cut the modules shared
    // by the entry and the lazy pages into a dozen small files, each a request (and on HTTP/1.1 a
    // queue behind six connections) before the first paint on a slow phone network.
    // The lazy pages likewise: left to the automatic splitting (a file per set of pages sharing a
    // module), a step fetched some forty files, a request's page twenty-six, «Mis solicitudes» twenty,
    // each 0.1–17 KB. Grouped, a step fetches eleven and a request's page seventeen (gzip total about
    // the same, 307 → 303 KB for the step's route), and the catalogue and Puntos GOB still only their
    // own two. A group takes a matched module's imports along unless a higher priority took them first.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'inicio', tags: ['$initial'], priority: 20 },
            { name: 'ScrollArea', test: mantine('ScrollArea'), priority: 18 },
            { name: 'NativeSelect', test: mantine('NativeSelect', 'Combobox/ComboboxChevron', 'Combobox/get-parsed-combobox-data'), priority: 17 },
            { name: 'Table', test: mantine('Table'), priority: 17 },
            { name: 'Textarea', test: mantine('Textarea'), priority: 17 },
            // The toasts: the pages call the store (`notifications.show`), a kilobyte; the host that draws them
            // (loaded after the first paint, AppProvider.tsx) is a group of its own below the dialogs', so the
            // scroll lock and portal it shares with them are not dragged into it and no page fetches the host
            // with its own code (a step's route: 304 → 297 KB).
            { name: 'avisos', test: /node_modules\/@mantine\/(notifications\/esm\/notifications\.store|store\/)/, priority: 17 },
            // Above ScrollArea's group, which would drag the direction's context (ScrollArea reads it) into itself: the
            // rating on a request's page reads it too, and fetched 17 KB of scrolling and floating code for it. The
            // chevron of the answers' sections likewise (the overlays' group took it).
            { name: 'utilidades', test: /@mantine\/(hooks\/esm\/utils\/clamp|core\/esm\/core\/MantineProvider\/color-functions\/get-auto-contrast-value|core\/esm\/core\/DirectionProvider)\/|@mantine\/core\/esm\/components\/Accordion\/AccordionChevron\.mjs$/, priority: 19 },
            // The engine's password rules, which the account dialogs use too (they need nothing else of it). (The
            // cédula rule is in the first bundle, CedulaField.tsx: a group for a file the first bundle imports
            // on demand moved rolldown's helpers out of it into a file of their own.)
            { name: 'reglasClave', test: /\/packages\/form-engine\/src\/password\//, priority: 17 },
            { name: 'bloqueoDesplazamiento', test: SCROLL_LOCK, priority: 17 },
            { name: 'VisuallyHidden', test: mantine('VisuallyHidden'), priority: 17 },
            { name: 'anfitrionAvisos', test: /node_modules\/(@mantine\/notifications|react-transition-group)\//, priority: 14 },
            { name: 'superpuestos', test: OVERLAYS, priority: 15 },
            // The upload dialog's drop zone (DropArea.tsx, imported lazily) and its libraries: the form's group took them
            // (with the module that imports them) into every step's route, ~8 KB of drag-and-drop code. Below the form's
            // and the engine's groups, so the modules it shares with them (the upload rules) stay where they are.
            { name: 'soltarArchivo', test: /\/packages\/form-mantine\/src\/widgets\/document\/DropArea\.tsx$|node_modules\/(@mantine\/dropzone|react-dropzone|file-selector|attr-accept)\//, priority: 9 },
            { name: 'motor', test: ENGINE, priority: 11 },
            { name: 'formulario', test: FORMS, priority: 10 },
          ],
        },
      },
    },
  },
  // `npm run dev`: the API runs on :3000 (npx tsx packages/server/src/main.ts), or at PORTAL_API_URL.
  server: { proxy: { '/v1': API_URL, '/docs': API_URL } },
  test: {
    root: '.',
    // Test files in parallel (vitest's default on a 2-core machine is one worker): every file has
    // its own database (memory://, from the run's template), temporary folders and free ports, and
    // while one waits on a browser or a socket another uses the core. TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.TEST_WORKERS) || 3,
    projects: [
      {
        test: {
          name: 'form-engine',
          root: 'packages/form-engine',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Property-based tests run 1,000 cases each; on a loaded 2-core machine that takes seconds.
          testTimeout: 60000,
        },
      },
      {
        test: {
          name: 'form-mantine',
          root: 'packages/form-mantine',
          environment: 'node',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          // Its components' tests run Mantine in jsdom with userEvent: as slow as the app's on a loaded machine.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Once per run: the database template every memory:// app starts from, and the built server.
          globalSetup: ['test/globalSetup.ts'],
          // A worker keeps its loaded modules from one file to the next (Fastify, the routes, PGlite:
          // ~1 s of imports per file): each file builds its own apps, so nothing else carries over.
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // The app's hooks and components in jsdom (React, Mantine, the HTTP client against a real local server).
        test: {
          name: 'app',
          root: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['src/test/setup.ts'],
          // Mantine in jsdom and first-time module loads are slow on a loaded 2-core machine.
          testTimeout: 30000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'tests',
          environment: 'node',
          // The browser flows, and the built app as served over HTTP (serving/): both use the run's build.
          include: ['e2e/**/*.test.ts', 'serving/**/*.test.ts'],
          // Once per run: the SPA build, one Chromium and the database template (support/e2eGlobalSetup.ts).
          globalSetup: ['support/e2eGlobalSetup.ts'],
          // A worker keeps the server's and Playwright's modules from one file to the next; each file
          // starts its own portal (its own database, mailbox and port), so nothing else carries over.
          isolate: false,
          testTimeout: 180000,
          hookTimeout: 180000,
        },
      },
      {
        test: {
          name: 'cross',
          root: 'tests',
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['e2e/**', 'serving/**', 'bench/**', 'node_modules/**'],
          globalSetup: ['../packages/server/test/globalSetup.ts'],
          testTimeout: 60000,
        },
      },
    ],
  },
}));
