/**
 * Which Node.js the portal needs is said in one place, package.json's `engines.node`, and it is
 * what the locked packages really require: its minimum satisfies every locked package's own
 * `engines.node`, and it is no lower than the highest of their minimums. `@types/node` is that
 * major version (the Node CI runs), and `npm start` names it on an older Node (scripts/start.mjs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/buildSpa';

const read = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as Record<string, any>;
const pkg = read('package.json');
const lock = read('package-lock.json');
const engines = String(pkg.engines?.node ?? '');
const minimum = semver.minVersion(engines);

const locked = Object.entries(lock.packages as Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>)
  .filter(([name, entry]) => name !== '' && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
  .map(([name, entry]) => ({ name, range: (entry.engines as { node: string }).node }));

describe('the Node.js the portal needs', () => {
  it('engines.node is a range with a minimum', () => {
    expect(minimum, engines).not.toBeNull();
  });

  it('its minimum satisfies every locked package', () => {
    const unmet = locked.filter(({ range }) => semver.validRange(range) && !semver.satisfies(minimum!, range));
    expect(unmet, `engines.node ${engines} es menor que lo que piden estos paquetes`).toEqual([]);
  });

  it('is not higher than the packages need (the highest of their minimums)', () => {
    const minimums = locked.map(({ range }) => semver.validRange(range) && semver.minVersion(range)).filter((v): v is semver.SemVer => !!v);
    const highest = minimums.reduce((a, b) => (semver.gt(b, a) ? b : a));
    expect(`${minimum!.major}.${minimum!.minor}`).toBe(`${highest.major}.${highest.minor}`);
  });

  it('@types/node is that major version', () => {
    const types = semver.minVersion(String(pkg.devDependencies['@types/node']));
    expect(types?.major).toBe(minimum!.major);
  });
});
