/** Types of scripts/startPlan.mjs (a plain ES module run by node without a build step). */
export interface StartFacts {
  built: boolean;
  skipBuild: boolean;
  hasBuiltServer: boolean;
}
export type StartPlan = { buildApp: boolean; server: 'built' | 'sources'; error?: undefined } | { error: string; buildApp?: undefined; server?: undefined };
export function startPlan(facts: StartFacts): StartPlan;
