/**
 * The rules language has one home, the engine: the `fila` row scope, a path's
 * row, `*` template paths and their walks (`paths/paths.ts`), URL `{…}`
 * placeholders (`placeholders/placeholders.ts`), what an answer shows
 * (`answers/`) and how a typed search matches (`search/wordSearch.ts`). This scans the sources of the engine, the renderer and the app
 * (tests aside) and fails when one of those copies comes back elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

const ENGINE = 'packages/form-engine/src';
const RENDERER = 'packages/form-mantine/src';
const APP = 'app/src';

const PATHS_HOME = `${ENGINE}/paths/paths.ts`;
const PLACEHOLDERS_HOME = `${ENGINE}/placeholders/placeholders.ts`;
const ANSWERS_HOME = `${ENGINE}/answers/answers.ts`;
const FORMAT_HOME = `${ENGINE}/answers/format.ts`;
const SEARCH_HOME = `${ENGINE}/search/wordSearch.ts`;

/** Source files (tests and test setup aside) under `dir`, as repository paths. */
function sources(dir: string): string[] {
  return readdirSync(resolve(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/(^|\/)test\//.test(file))
    .map((file) => `${dir}/${file.replace(/\\/g, '/')}`);
}

interface Rule {
  /** What the copy is. */
  what: string;
  pattern: RegExp;
  /** Folders scanned. */
  dirs: string[];
  /** Folders (or files) left out of the scan: code that uses the same shape for something else. */
  except?: string[];
  /** The one file allowed to hold it. */
  home: string | null;
  /** A line of a copy the issue removed: the rule must catch it. */
  example: string;
}

const RULES: Rule[] = [
  {
    what: 'the URL placeholder pattern {…}',
    pattern: /\[\^\{\}\]/,
    dirs: [ENGINE, RENDERER, APP],
    home: PLACEHOLDERS_HOME,
    example: String.raw`return [...template.matchAll(/\{([^{}]+)\}/g)].map((m) => resolveRelative(m[1].trim(), fieldPath));`,
  },
  {
    what: 'the row-index test of a path segment',
    pattern: /\/\^\\d\+\$\//,
    dirs: [ENGINE, RENDERER, APP],
    // Request ids typed in a claim's subject are digits too, unrelated to paths.
    except: [`${APP}/features/claims`],
    home: PATHS_HOME,
    example: String.raw`const isIndex = (segment: string): boolean => /^\d+$/.test(segment);`,
  },
  {
    what: 'the row-path test (a path ending in a row index)',
    pattern: /\\\.\\d\+\$\//,
    dirs: [ENGINE, RENDERER, APP],
    home: null,
    example: String.raw`if (!visible.has(path) && !/\.\d+$/.test(path)) return;`,
  },
  {
    what: 'a `*` template segment written or compared by hand',
    pattern: /\?\s*['"]\*['"]\s*:|[!=]==\s*['"]\*['"]|['"]\*['"]\s*[!=]==/,
    dirs: [ENGINE, RENDERER, APP],
    home: null,
    example: String.raw`.map((s) => (/^\d+$/.test(s) ? '*' : s))`,
  },
  {
    what: 'the `fila` scope built by hand',
    pattern: /\{\s*fila\s*:|\.fila\s*=(?!=)|\[['"]fila['"]\]\s*=(?!=)/,
    dirs: [ENGINE, RENDERER, APP],
    home: PATHS_HOME,
    example: 'scope.fila = isContainer(fila) ? fila : {};',
  },
  {
    what: 'a second definition of a function the engine owns',
    pattern: new RegExp(
      String.raw`\b(?:function|const|let|var)\s+(?:rowPathOf|scopeAt|rowScope|toTemplatePath|templateInstances|resolveRelative|expandUrl|` +
        String.raw`placeholderNames|parsePlaceholders|nodeAt|valueAt|isRowPath|isRowIndex|answerDisplay|answerText|answersOf|sectionAnswers|itemName|rowTitle|optionOf|` +
        String.raw`sourceAnswerLabel|formatAmount|currencyPrefix|formatNumber|formatIsoDate|applyMask|unmask|maskDigits)\b`,
    ),
    dirs: [RENDERER, APP],
    home: null,
    example: 'export function rowPathOf(path: string): string | null {',
  },
  {
    what: 'an answer shown as Sí/No by hand',
    pattern: /\?\s*['"]Sí['"]\s*:\s*['"]No['"]/,
    dirs: [ENGINE, RENDERER, APP],
    home: ANSWERS_HOME,
    example: "if (typeof value === 'boolean') return <>{value ? 'Sí' : 'No'}</>;",
  },
  {
    what: 'an option title looked up by hand',
    pattern: /\.find\(\(?\w+\)?\s*=>\s*\w+\.const\s*===/,
    dirs: [ENGINE, RENDERER, APP],
    home: ANSWERS_HOME,
    example: 'const option = node.oneOf?.find((o) => o.const === value);',
  },
  {
    what: 'an ISO date written dd/mm/aaaa by hand',
    pattern: /split\(['"]-['"]\)\.reverse\(\)\.join\(['"]\/['"]\)/,
    dirs: [ENGINE, RENDERER, `${APP}/components`],
    home: FORMAT_HOME,
    example: "return <>{value.split('-').reverse().join('/')}</>;",
  },
  {
    what: 'accents folded by hand for a search (the select filters and ?q= share matchesAllWords)',
    pattern: /normalize\(\s*['"]NFD['"]\s*\)/,
    dirs: [ENGINE, RENDERER, APP],
    // The password policy strips accents from dictionary words, keeping their case: not a search.
    except: [`${ENGINE}/password`],
    home: SEARCH_HOME,
    example: "const plain = option.label.normalize('NFD').replace(/\\p{M}+/gu, '').toLowerCase();",
  },
  {
    what: 'a file answer named by hand',
    pattern: /Documento adjunto|Documento \$\{/,
    dirs: [ENGINE, RENDERER, APP],
    home: ANSWERS_HOME,
    example: 'return <>{doc ? `${doc.name}.${doc.extension}` : `Documento ${String(value)}`}</>;',
  },
];

/** Files breaking a rule, with the offending line. */
function copiesOf(rule: Rule, files: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, text] of files) {
    if (file === rule.home || !rule.dirs.some((d) => file.startsWith(`${d}/`))) continue;
    if (rule.except?.some((e) => file === e || file.startsWith(`${e}/`))) continue;
    text.split('\n').forEach((line, i) => {
      if (rule.pattern.test(line)) out.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return out;
}

const files = new Map([ENGINE, RENDERER, APP].flatMap(sources).map((f) => [f, readFileSync(resolve(root, f), 'utf8')] as const));

describe('one home for the rules language', () => {
  it('scans the engine, the renderer and the app', () => {
    expect([...files.keys()].filter((f) => f.startsWith(RENDERER)).length).toBeGreaterThan(40);
    expect([...files.keys()].filter((f) => f.startsWith(APP)).length).toBeGreaterThan(100);
    for (const home of [PATHS_HOME, PLACEHOLDERS_HOME, ANSWERS_HOME, FORMAT_HOME, SEARCH_HOME]) expect(files.has(home)).toBe(true);
  });

  it.each(RULES.map((r) => [r.what, r] as const))('catches %s', (_, rule) => {
    expect(rule.pattern.test(rule.example)).toBe(true);
  });

  it.each(RULES.map((r) => [r.what, r] as const))('no copy of %s outside its home', (_, rule) => {
    expect(copiesOf(rule, files)).toEqual([]);
  });

  it('the homes hold what they own', () => {
    expect(files.get(PLACEHOLDERS_HOME)).toMatch(/\[\^\{\}\]/);
    expect(files.get(PATHS_HOME)).toMatch(/\/\^\\d\+\$\//);
    expect(files.get(PATHS_HOME)).toMatch(/\{ fila: row \}/);
    expect(files.get(ANSWERS_HOME)).toMatch(/value \? 'Sí' : 'No'/);
    expect(files.get(SEARCH_HOME)).toMatch(/normalize\('NFD'\)/);
  });
});
