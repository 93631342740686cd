/**
 * What `npm start` (scripts/start.mjs) does before the server runs, decided from its flags and the
 * files present, so the rule is tested without starting anything (tests/startPlan.test.ts).
 *
 * - `--built`: the server already built by `npm run build` (dist/server/main.js) with plain node;
 *   without that file, a Spanish error.
 * - otherwise the server runs from its TypeScript sources (tsx), after `vite build` of the SPA
 *   unless PORTAL_SKIP_BUILD=1 says the SPA is current. That mode never needs dist/server; what
 *   the server serves (dist/app or STATIC_DIR) is the server's own concern.
 */
export function startPlan({ built, skipBuild, hasBuiltServer }) {
  if (built) {
    return hasBuiltServer
      ? { buildApp: false, server: 'built' }
      : { error: 'No existe dist/server/main.js: ejecute primero «npm run build».' };
  }
  return { buildApp: !skipBuild, server: 'sources' };
}
