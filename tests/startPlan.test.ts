/**
 * `npm start`'s plan (scripts/startPlan.mjs): PORTAL_SKIP_BUILD=1 runs the server from its
 * sources and so never asks for dist/server/main.js (it used to, and exited 1 on a fresh build
 * of the SPA alone); `--built` does need it.
 */
import { describe, expect, it } from 'vitest';
import { startPlan } from '../scripts/startPlan.mjs';

const files = { hasBuiltServer: false, hasBuiltApp: false };

describe('npm start: what runs before the server', () => {
  it('by default builds the SPA and runs the server from its sources', () => {
    expect(startPlan({ built: false, skipBuild: false, ...files })).toEqual({ buildApp: true, server: 'sources' });
  });

  it('PORTAL_SKIP_BUILD=1 with the SPA built: no build, the sources, and no dist/server needed', () => {
    expect(startPlan({ built: false, skipBuild: true, hasBuiltServer: false, hasBuiltApp: true })).toEqual({ buildApp: false, server: 'sources' });
  });

  it('PORTAL_SKIP_BUILD=1 without the SPA: a Spanish error that names what is missing', () => {
    expect(startPlan({ built: false, skipBuild: true, ...files }).error).toMatch(/^No existe dist\/app\/index\.html/);
  });

  it('--built runs dist/server/main.js, and says so when it is missing', () => {
    expect(startPlan({ built: true, skipBuild: false, hasBuiltServer: true, hasBuiltApp: false })).toEqual({ buildApp: false, server: 'built' });
    expect(startPlan({ built: true, skipBuild: true, ...files }).error).toBe('No existe dist/server/main.js: ejecute primero «npm run build».');
  });
});
