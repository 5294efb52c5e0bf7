/**
 * Compiles the server for `npm start`: every TypeScript file of core/, plugins/ and config/ to
 * JavaScript in dist/ (the same tree, one file each, no bundling), plus the groups' other files
 * (help pages, word lists). Takes about a second.
 *
 * Why: under tsx each of the ~950 modules is transformed at load by a loader thread and kept with
 * an inline source map, which costs a running server ~100 MB of memory for nothing. Tests and the
 * CLI scripts keep running the TypeScript directly. Plain JavaScript, so that it needs no loader.
 */
import { build } from 'esbuild';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist');
const skipped = (path) => /(^|\/)(test|node_modules)(\/|$)/.test(path) || /\.(test|d)\.ts$/.test(path);

async function files(dir) {
  const found = [];
  for (const entry of await readdir(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    if (!skipped(path)) found.push(path);
  }
  return found;
}

const all = (await Promise.all(['core', 'plugins', 'config'].map(files))).flat();
await rm(out, { recursive: true, force: true });
await build({
  entryPoints: all.filter((f) => f.endsWith('.ts')).map((f) => join(root, f)),
  outdir: out,
  outbase: root,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
});
for (const file of all.filter((f) => !f.endsWith('.ts') && !f.endsWith('README.md')))
  await cp(join(root, file), join(out, file));
// core/version.ts reads ../package.json: from dist/core that is this one.
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
await writeFile(join(out, 'package.json'), JSON.stringify({ private: true, type: 'module', version }) + '\n');
