/**
 * `npm start`'s plan (scripts/startPlan.mjs): PORTAL_SKIP_BUILD=1 runs the server from its
 * sources and so never asks for dist/server/main.js (it used to, and exited 1 when only the SPA
 * had been built); `--built` does need it.
 */
import { describe, expect, it } from 'vitest';
import { startPlan } from '../scripts/startPlan.mjs';

describe('npm start: what runs before the server', () => {
  it('by default builds the SPA and runs the server from its sources', () => {
    expect(startPlan({ built: false, skipBuild: false, hasBuiltServer: false })).toEqual({ buildApp: true, server: 'sources' });
  });

  it('PORTAL_SKIP_BUILD=1: no build, the sources, and no dist/server needed', () => {
    expect(startPlan({ built: false, skipBuild: true, hasBuiltServer: false })).toEqual({ buildApp: false, server: 'sources' });
  });

  it('--built runs dist/server/main.js, and says so in Spanish when it is missing', () => {
    expect(startPlan({ built: true, skipBuild: false, hasBuiltServer: true })).toEqual({ buildApp: false, server: 'built' });
    expect(startPlan({ built: true, skipBuild: true, hasBuiltServer: false }).error).toBe('No existe dist/server/main.js: ejecute primero «npm run build».');
  });
});
