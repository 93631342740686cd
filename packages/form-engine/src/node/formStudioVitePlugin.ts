/**
 * The analyst's studio (issue 26 §3), in the portal's own dev server (`npm run dev`, started by
 * `npm run forms:studio`): `GET /__estudio/<form>` answers what the folder schemas/<form> says now —
 * whether schema.json parses (the line and column when not), the lint's issues with their JSON
 * paths, each fixture's verdict, the Spanish rule table of docs/forms/ and the changes against the
 * version the running portal publishes (the words `forms:publish` prints) — and every save under
 * schemas/ is announced to the open pages (`estudio:cambio`), which ask again: the analyst sees a
 * change in well under a second, with no restart. Only for `vite` serve, never in a build.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formDocs } from '../docs/formDocs';
import { formChanges } from '../versions/formChanges';
import type { FormSchema } from '../types';
import { STUDIO_EVENT, type StudioState } from '../versions/studioProtocol';
import { checkFormFolder } from './formFolder';
import { BUILT_IN_FORMS, isFormName, schemasDir } from './loadForm';

async function publishedVersion(apiUrl: string, form: string): Promise<{ version: number; schema: FormSchema } | null | string> {
  try {
    const res = await fetch(`${apiUrl}/v1/forms/${form}`, { signal: AbortSignal.timeout(2000) });
    if (res.status === 404) return null;
    if (!res.ok) return `el portal respondió ${res.status}`;
    return ((await res.json()) as { data: { version: number; schema: FormSchema } }).data;
  } catch (error) {
    return `no se pudo consultar el portal en ${apiUrl} (${(error as Error).message})`;
  }
}

/** What the studio shows of schemas/<form> now. */
export async function studioState(form: string, apiUrl: string): Promise<StudioState> {
  const started = performance.now();
  const check = checkFormFolder(join(schemasDir(), form));
  const clean = check.schema !== null && check.lint.length === 0;
  let rules: string | null = null;
  let changes: string[] | null = null;
  let published: number | null = null;
  let publishedProblem: string | null = null;
  if (clean && check.schema) {
    try {
      rules = formDocs(check.schema, `schemas/${form}/schema.json`);
    } catch (error) {
      rules = `No se pudo generar la tabla de reglas: ${(error as Error).message}`;
    }
    const live = BUILT_IN_FORMS.includes(form)
      ? 'este formulario viene con el portal: se cambia con una versión nueva del portal, no se publica'
      : await publishedVersion(apiUrl, form);
    if (typeof live === 'string') publishedProblem = live;
    else if (live) {
      published = live.version;
      changes = formChanges(live.schema, check.schema).map((c) => c.text);
    }
  }
  return {
    form, file: `schemas/${form}/schema.json`, parseError: check.parseError, lint: check.lint,
    fixtures: check.fixtures.map((f) => ({ file: f.file, expected: f.expected, ok: f.ok, errors: f.errors, problem: f.problem })),
    schema: check.schema, rules, published, publishedProblem, changes, tookMs: Math.round(performance.now() - started),
  };
}

/** How long one check of a form answers the pages that ask (a save invalidates it at once). */
const REUSE_MS = 2000;

/**
 * The watcher passes on one 'change' of a file in each 50 ms and drops the rest: two saves in quick
 * succession (an editor's save-then-format, a script's writes) would leave the pages on the first.
 * So each announcement is checked again this long after: if the folder changed since, once more.
 */
const SETTLE_MS = 120;

/** What the files of schemas/<form> are now (each one's path, size and time of change): equal when nothing was saved. */
function folderSignature(folder: string): string {
  try {
    return (readdirSync(folder, { recursive: true }) as string[])
      .sort()
      .map((name) => {
        const stat = statSync(join(folder, name));
        return stat.isFile() ? `${name}:${stat.size}:${stat.mtimeMs}` : '';
      })
      .join('|');
  } catch {
    return '';
  }
}

interface DevServer {
  middlewares: { use(path: string, handler: (req: IncomingMessage, res: ServerResponse, next: () => void) => void): void };
  watcher: { add(path: string): void; on(event: 'change' | 'add' | 'unlink', listener: (file: string) => void): void };
  ws: { send(payload: { type: 'custom'; event: string; data: unknown }): void };
}

/** `apiUrl`: the portal the dev server sends /v1 to (its published versions). */
export function formStudioPlugin(apiUrl: string) {
  return {
    name: 'portal-form-studio',
    // The dev server only: never a build, never the test runner's own server (mode 'test').
    apply: (_config: unknown, env: { command: string; mode: string }) => env.command === 'serve' && env.mode !== 'test',
    configureServer(server: DevServer) {
      // The studio page and its two frames ask at once after a save: one check answers the three.
      // A check is reused only while the folder is as it was read, so no answer is older than the files.
      const dir = schemasDir();
      const recent = new Map<string, { at: number; files: string; state: Promise<StudioState> }>();
      const state = (form: string) => {
        const files = folderSignature(join(dir, form));
        const kept = recent.get(form);
        if (kept && kept.files === files && Date.now() - kept.at < REUSE_MS) return kept.state;
        const fresh = { at: Date.now(), files, state: studioState(form, apiUrl) };
        recent.set(form, fresh);
        return fresh.state;
      };
      server.middlewares.use('/__estudio', (req, res, next) => {
        const form = decodeURIComponent((req.url ?? '').replace(/^\/+/, '').split(/[/?]/)[0]);
        if (!isFormName(form)) return next();
        state(form).then(
          (state) => {
            res.setHeader('content-type', 'application/json; charset=utf-8');
            res.setHeader('cache-control', 'no-store');
            res.end(JSON.stringify(state));
          },
          (error: unknown) => {
            res.statusCode = 500;
            res.end(JSON.stringify({ message: (error as Error).message }));
          },
        );
      });
      server.watcher.add(dir);
      const settling = new Map<string, ReturnType<typeof setTimeout>>();
      const send = (form: string) => {
        recent.delete(form);
        server.ws.send({ type: 'custom', event: STUDIO_EVENT, data: { form } });
        const files = folderSignature(join(dir, form));
        clearTimeout(settling.get(form));
        settling.set(form, setTimeout(() => {
          settling.delete(form);
          if (folderSignature(join(dir, form)) !== files) send(form);
        }, SETTLE_MS));
      };
      const announce = (file: string) => {
        const inside = relative(dir, file);
        if (inside.startsWith('..') || inside === '') return;
        send(inside.split(sep)[0]);
      };
      for (const event of ['change', 'add', 'unlink'] as const) server.watcher.on(event, announce);
    },
  };
}
