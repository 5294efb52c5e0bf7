/**
 * Compiles the server for `npm start`: every TypeScript file of core/, plugins/ and config/ to
 * JavaScript in dist/ (the same tree, one file each, no bundling), plus the groups' other files
 * (help pages, word lists). Takes about a second, and nothing when dist/ is already built from the
 * same sources.
 *
 *   node scripts/build.mjs [--out DIR] [--scripts]
 *
 * --out: another folder than dist/ (the test runner builds once per run into a temporary one);
 * --scripts: the operator scripts too (scripts/*.ts and scripts/lib/), for processes the tests spawn.
 *
 * A browser script's entry (`*.browser.ts`, served by core/web/browser-bundle.ts) is bundled for
 * browsers into its `.js` twin instead, so the server never runs esbuild.
 *
 * Why: under tsx each of the ~950 modules is transformed at load by a loader thread and kept with
 * an inline source map, which costs a running server ~100 MB of memory and twice the start-up CPU
 * for nothing. Plain JavaScript, so that it needs no loader.
 *
 * The output is written beside the target and renamed into place, so two builds at once (two
 * `npm start` in one checkout) never write into the same folder; a build whose sources match the
 * stamp of the existing output is skipped.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';
import process from 'node:process';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({
  options: { out: { type: 'string', default: 'dist' }, scripts: { type: 'boolean', default: false } },
});
const out = isAbsolute(options.out) ? options.out : join(root, options.out);
const skipped = (path) =>
  /(^|\/)(test|node_modules|bench)(\/|$)/.test(path) || /\.(test|d)\.ts$/.test(path) || /README\.md$/.test(path);

async function files(dir) {
  const found = [];
  for (const entry of await readdir(join(root, dir), { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name));
    if (!skipped(path)) found.push(path);
  }
  return found;
}

const sources = (await Promise.all(['core', 'plugins', 'config', ...(options.scripts ? ['scripts'] : [])].map(files)))
  .flat()
  .filter((f) => !f.startsWith('scripts/') || f.endsWith('.ts'))
  .sort();

// What the output depends on: every source's path, size and modification time, this script, and the version.
const packageJson = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const hash = createHash('sha256').update(await readFile(fileURLToPath(import.meta.url)));
hash.update(`${packageJson.version}\0${options.scripts}\0`);
for (const file of sources) {
  const { size, mtimeMs } = await stat(join(root, file));
  hash.update(`${file}\0${size}\0${mtimeMs}\0`);
}
const stamp = hash.digest('hex');
const stampFile = (dir) => join(dir, '.build-stamp');
if ((await readFile(stampFile(out), 'utf8').catch(() => '')) === stamp) process.exit(0);

const staging = `${out}.building-${process.pid}`;
await rm(staging, { recursive: true, force: true });
const browserEntry = (f) => f.endsWith('.browser.ts');
await build({
  entryPoints: sources.filter((f) => f.endsWith('.ts') && !browserEntry(f)).map((f) => join(root, f)),
  outdir: staging,
  outbase: root,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  logLevel: 'warning',
});
await build({
  ...JSON.parse(await readFile(join(root, 'core/web/browser-build.json'), 'utf8')),
  logLevel: 'warning',
  entryPoints: sources.filter(browserEntry).map((f) => join(root, f)),
  outdir: staging,
  outbase: root,
});
for (const file of sources.filter((f) => !f.endsWith('.ts'))) await cp(join(root, file), join(staging, file));
// core/version.ts reads ../package.json: from <out>/core that is this one.
await writeFile(
  join(staging, 'package.json'),
  JSON.stringify({ private: true, type: 'module', version: packageJson.version, engines: packageJson.engines }) + '\n',
);
await writeFile(stampFile(staging), stamp);

const previous = `${out}.previous-${process.pid}`;
await rename(out, previous).catch((err) => {
  if (err.code !== 'ENOENT') throw err;
});
try {
  await rename(staging, out);
} catch (err) {
  // Another build put the same sources in place between the two renames: keep it.
  if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
  await rm(staging, { recursive: true, force: true });
}
await rm(previous, { recursive: true, force: true });
