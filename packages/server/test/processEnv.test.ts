import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/**
 * Variables read from process.env outside config.ts on purpose: neither is the server's
 * configuration, so neither belongs in configSchema.ts nor in the README table.
 */
const EXCEPTIONS: Record<string, string[]> = {
  // The staff account CLI takes the new password from here instead of the prompt (scripts, CI).
  'cli/createStaff.ts': ['STAFF_PASSWORD'],
  // The migrated database dump the test runs load into every memory:// database (never set in production).
  'db/createPgliteDb.ts': ['MEMORY_TEMPLATE_ENV'],
};

/**
 * A read of one variable: `process.env.X`, `process.env?.X`, `process.env['X']`,
 * `process.env[NAME]` or a destructuring `{ X } = process.env`. Handing the whole environment to
 * loadConfig (`loadConfig(process.env)`, `{ ...process.env, X: 'y' }`) is how the rest reads it.
 */
const READ = /process\.env\s*(?:\?\.\s*|\.\s*)(\w+)|process\.env\s*(?:\?\.)?\[\s*['"`]?(\w+)['"`]?\s*\]|\{([^{}]*)\}\s*=\s*process\.env\b/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('environment variables', () => {
  it('are read from process.env only in config.ts (through configSchema.ts), but for the named exceptions', () => {
    const reads: Record<string, string[]> = {};
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (relative === 'config.ts') continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(READ)) {
        const name = (match[1] ?? match[2] ?? match[3]).trim();
        (reads[relative] ??= []).push(name);
      }
    }
    // A new variable of the server goes to configSchema.ts (and the README table follows); an
    // exception that is no longer read leaves EXCEPTIONS.
    expect(reads).toEqual(EXCEPTIONS);
  });

  it('are not read by config.ts from process.env either: loadConfig gets the environment as an argument', () => {
    expect(readFileSync(path.join(SRC, 'config.ts'), 'utf8')).not.toMatch(/process\.env/);
  });
});
