/**
 * npm run forms:studio [-- <formulario>]
 *
 * Opens the analyst's studio (issue 26 §3) in the portal's own dev server (`npm run dev`, Vite): the
 * page /estudio/<formulario> follows every save of schemas/<formulario> (the form at phone and desktop
 * width, the lint, the fixtures, the rule table, the changes against the published version). The
 * studio needs the portal's API for the lookups, the lists and the published version: the one at
 * PORTAL_API_URL (default http://localhost:3000) when it answers, else this command starts it (on its
 * embedded defaults, like `npm start`) and stops it on Ctrl+C.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiUrl = (process.env.PORTAL_API_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const form = process.argv[2] ?? 'formalizacion';

if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(form) || !existsSync(path.join(process.env.FORM_SCHEMAS_DIR ?? path.join(root, 'schemas'), form))) {
  console.error(`No hay una carpeta schemas/${form}. Uso: npm run forms:studio -- <formulario>`);
  process.exit(2);
}

const answers = async () => {
  try {
    return (await fetch(`${apiUrl}/health/ready`, { signal: AbortSignal.timeout(1500) })).ok;
  } catch {
    return false;
  }
};

let api = null;
if (!(await answers())) {
  console.log(`El portal no responde en ${apiUrl}: se inicia (base embebida, como npm start)…`);
  api = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, PORTAL_SKIP_BUILD: '1', PORT: new URL(apiUrl).port || '3000' },
  });
  const until = Date.now() + 120_000;
  while (!(await answers())) {
    if (api.exitCode !== null || Date.now() > until) {
      console.error('El portal no arrancó; revise los mensajes de arriba.');
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const { createServer } = await import('vite');
const server = await createServer({ configFile: path.join(root, 'vite.config.ts'), server: { port: Number(process.env.STUDIO_PORT ?? 5173) } });
await server.listen();
const address = server.resolvedUrls?.local[0] ?? `http://localhost:${server.config.server.port}/`;
console.log(`\nEstudio de ${form}: ${address}estudio/${form}\nEdite schemas/${form}/schema.json y guarde; la página se actualiza sola. Ctrl+C para salir.`);

const stop = async () => {
  await server.close();
  if (api && api.exitCode === null) api.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
