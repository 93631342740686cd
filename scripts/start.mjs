/**
 * The portal's start command, run by `npm start` and `npm run serve`.
 *
 *   node scripts/start.mjs          builds the SPA (vite build), then runs the
 *                                   server from its TypeScript sources (tsx)
 *   node scripts/start.mjs --built  runs the server already built by
 *                                   `npm run build` (dist/server/main.js) with
 *                                   plain node: no build, no tsx, no vite
 *
 * PORTAL_SKIP_BUILD=1 makes the first form skip the SPA build.
 *
 * The server is a child process with the terminal's stdio. SIGTERM and SIGINT
 * sent to this launcher (or to npm, which passes them on) reach the server,
 * which stops in order (stops accepting, finishes requests in flight, closes
 * the database); the launcher then exits with the server's exit code. If the
 * launcher's parent or npm goes away without passing a signal on (npm killed
 * with SIGKILL), the server is asked to stop the same way: it never keeps
 * running orphaned.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPlan } from './startPlan.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = process.argv.includes('--built');

/**
 * The Node.js the portal is made for is package.json's `engines.node` (the newest minimum of its
 * locked packages; tests/nodeVersion.test.ts keeps them equal). On an older Node it still tries
 * to start, after one line that says which version to install.
 */
function olderThanRecommended() {
  const wanted = /(\d+)\.(\d+)/.exec(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '');
  if (!wanted) return null;
  const [major, minor] = process.versions.node.split('.').map(Number);
  const [wantMajor, wantMinor] = [Number(wanted[1]), Number(wanted[2])];
  return major < wantMajor || (major === wantMajor && minor < wantMinor) ? `${wantMajor}.${wantMinor}` : null;
}
const recommended = olderThanRecommended();
if (recommended) {
  console.warn(`Aviso: el portal está hecho para Node.js ${recommended} o posterior (LTS) y este es Node.js ${process.versions.node}; se intentará arrancar igual, pero instale Node.js ${recommended.split('.')[0]} LTS.`);
}
const builtServer = path.join(root, 'dist/server/main.js');

/** The process running now (the build, then the server); signals go to it. */
let current = null;
let stopping = null;

/** Runs a command with the terminal's stdio; resolves with its exit code (128 + n when killed by a signal). */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    current = child;
    child.once('error', (error) => {
      console.error(`No se pudo ejecutar ${args.join(' ')}:`, error.message);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      current = null;
      resolve(code ?? 128 + (signal === 'SIGINT' ? 2 : 15));
    });
  });
}

/** Passes a stop signal on to the running child (once), or exits at once between children. */
function stop(signal) {
  if (stopping) return;
  stopping = signal;
  if (current) current.kill(signal);
  else process.exit(0);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGTERM'));

/**
 * The processes whose end means nobody is left to stop the server: the
 * parent and, when the parent is the shell npm runs scripts in, npm itself
 * (Linux: read from /proc; elsewhere only the parent).
 */
function watchedAncestors() {
  const pids = [process.ppid];
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const grandparent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (/^(sh|dash|bash)$/.test(command) && grandparent > 1) pids.push(grandparent);
  } catch {
    // No /proc: the parent alone.
  }
  return pids;
}

/** True while the process exists. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

// Orphaned (npm or its shell ended without passing the signal on, e.g. kill -9): stop the server too.
const parent = process.ppid;
const ancestors = watchedAncestors();
setInterval(() => {
  if (process.ppid !== parent || !ancestors.every(alive)) stop('SIGTERM');
}, 1000).unref();

// PORTAL_SKIP_BUILD=1: the SPA in dist/app is already current (tests, repeated starts).
const plan = startPlan({
  built,
  skipBuild: process.env.PORTAL_SKIP_BUILD === '1',
  hasBuiltServer: existsSync(builtServer),
});
if (plan.error) {
  console.error(plan.error);
  process.exit(1);
}
if (plan.buildApp) {
  const code = await run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build']);
  if (stopping || code !== 0) process.exit(code);
}

const serverArgs = plan.server === 'built' ? ['--enable-source-maps', builtServer] : ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')];
process.exit(await run(serverArgs));
