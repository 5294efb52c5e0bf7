import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOW_FILES } from './slow-files.js';
import { ONCE_DESPITE_DATABASE } from './once-files.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where a test file runs: on each engine, or once; in the default tier or the slow one. */
export interface TestFile {
  path: string;
  /** It uses the run's database (directly or through a helper), so each engine runs it. */
  usesDatabase: boolean;
  /** Runs on one engine only: it does not use the run's database, or it is listed in once-files.ts. */
  once: boolean;
  tier: 'default' | 'slow';
}

/** The helpers through which a test reaches the run's database. */
const DATABASE_HELPERS = ['test/helpers/global-database.ts', 'test/helpers/test-database.ts'].map((f) =>
  join(REPO_ROOT, f),
);

/** Every test file the suite has: the spec globs of .mocharc.json (`**` and `*` only). */
export function specFiles(): string[] {
  const { spec } = JSON.parse(readFileSync(join(REPO_ROOT, '.mocharc.json'), 'utf8')) as { spec: string[] };
  const patterns = spec.map(
    (glob) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '\0')
          .replace(/\*/g, '[^/]*')
          .replace(/\0/g, '(?:.*/)?')}$`,
      ),
  );
  const roots = [...new Set(spec.map((glob) => glob.split('/')[0]!))];
  return roots
    .flatMap((root) =>
      readdirSync(join(REPO_ROOT, root), { recursive: true, encoding: 'utf8' }).map((f) => `${root}/${f}`),
    )
    .filter((f) => !f.includes('node_modules') && patterns.some((p) => p.test(f)))
    .sort();
}

/**
 * Each test file, classified mechanically: whether it imports (through any chain of the project's
 * own modules) one of the database helpers, and its tier from slow-files.ts. A listed file that no
 * longer exists fails the run, so the lists cannot rot.
 */
export function classify(files: string[] = specFiles()): TestFile[] {
  for (const [list, entries] of [
    ['slow-files.ts', SLOW_FILES],
    ['once-files.ts', ONCE_DESPITE_DATABASE],
  ] as const) {
    const missing = Object.keys(entries).filter((f) => !existsSync(join(REPO_ROOT, f)));
    if (missing.length > 0) throw new Error(`test/runner/${list} lists files that do not exist: ${missing.join(', ')}`);
  }
  const imports = importGraph();
  return files.map((path) => {
    const reached = imports(join(REPO_ROOT, path));
    const usesDatabase = DATABASE_HELPERS.some((helper) => reached.has(helper));
    return {
      path,
      usesDatabase,
      once: !usesDatabase || path in ONCE_DESPITE_DATABASE,
      tier: path in SLOW_FILES ? 'slow' : 'default',
    };
  });
}

/** The project modules a file reaches through static and dynamic relative imports. */
function importGraph(): (file: string) => ReadonlySet<string> {
  const edges = new Map<string, string[]>();
  const direct = (file: string): string[] => {
    let targets = edges.get(file);
    if (targets) return targets;
    targets = [];
    edges.set(file, targets);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return targets;
    }
    for (const [, specifier] of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      let target = resolve(dirname(file), specifier!);
      if (target.endsWith('.js') && existsSync(`${target.slice(0, -3)}.ts`)) target = `${target.slice(0, -3)}.ts`;
      if (existsSync(target) && !relative(REPO_ROOT, target).includes('node_modules')) targets.push(target);
    }
    return targets;
  };
  return (file) => {
    const reached = new Set<string>();
    const pending = [file];
    while (pending.length > 0)
      for (const target of direct(pending.pop()!))
        if (!reached.has(target)) {
          reached.add(target);
          pending.push(target);
        }
    return reached;
  };
}
