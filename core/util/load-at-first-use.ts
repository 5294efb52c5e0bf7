import { createRequire } from 'node:module';

/**
 * A package loaded the first time it is asked for, synchronously, then kept: for what only some
 * calls use. A module once loaded stays in memory for the process's life, so a package that only
 * some shops' calls need (an HTML sanitizer, a diff) costs every server its heap until then.
 * `from` is the caller's `import.meta.url`, so the package resolves from the caller's folder.
 */
export function loadAtFirstUse<T>(from: string, id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= createRequire(from)(id) as T);
}
