import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The file a group path names. A directory is a package, whose entry is what importing it by
 * name would load: the "." entry of package.json `exports` (through the import, node and
 * default conditions) or, without `exports`, `main`. A file is taken as it is.
 */
export function groupEntryFile(path: string): string {
  if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) return path;
  const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as {
    exports?: unknown;
    main?: unknown;
  };
  const entry =
    manifest.exports !== undefined
      ? exportsEntry(manifest.exports)
      : typeof manifest.main === 'string'
        ? manifest.main
        : 'index.js';
  if (!entry) throw new Error(`${join(path, 'package.json')} exports no "." entry for import`);
  return resolve(path, entry);
}

function exportsEntry(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (Array.isArray(exports)) return exports.map(exportsEntry).find(Boolean);
  if (!exports || typeof exports !== 'object') return undefined;
  const map = exports as Record<string, unknown>;
  // Keys starting with "." are subpaths (the package root is "."); any other keys are conditions.
  if (Object.keys(map).some((key) => key.startsWith('.'))) return exportsEntry(map['.']);
  for (const condition of ['import', 'node', 'default']) {
    const entry = exportsEntry(map[condition]);
    if (entry) return entry;
  }
  return undefined;
}
