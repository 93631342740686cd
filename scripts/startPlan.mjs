/**
 * What `npm start` (scripts/start.mjs) does before the server runs, decided from its flags and the
 * files present, so the rule is tested without starting anything (tests/startPlan.test.ts).
 *
 * - `--built`: the server already built by `npm run build` (dist/server/main.js) with plain node;
 *   without that file, a Spanish error.
 * - otherwise the server runs from its TypeScript sources (tsx), after `vite build` of the SPA
 *   unless PORTAL_SKIP_BUILD=1 says the SPA in dist/app is current; with that flag and no
 *   dist/app/index.html, a Spanish error (the sources never need dist/server).
 */
export function startPlan({ built, skipBuild, hasBuiltServer, hasBuiltApp }) {
  if (built) {
    return hasBuiltServer
      ? { buildApp: false, server: 'built' }
      : { error: 'No existe dist/server/main.js: ejecute primero «npm run build».' };
  }
  if (!skipBuild) return { buildApp: true, server: 'sources' };
  return hasBuiltApp
    ? { buildApp: false, server: 'sources' }
    : { error: 'No existe dist/app/index.html: quite PORTAL_SKIP_BUILD=1 o ejecute primero «npm run build».' };
}
