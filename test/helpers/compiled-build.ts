import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/**
 * The server and the operator scripts compiled as `npm start` runs them, in a folder outside the
 * checkout, laid out as an installed deployment: `app/` holds core/, plugins/, config/, scripts/
 * and a package.json named `switchboard`; `app/node_modules` links the checkout's packages, except
 * `switchboard` itself (this build) and the example groups, which are copied so that their
 * `import 'switchboard'` reaches this build's kernel and not a second copy.
 *
 * Built once per test run: the runner passes SWITCHBOARD_TEST_BUILD to every lane; a file run on
 * its own builds once per process into a temporary folder removed at exit.
 */
let building: Promise<string> | undefined;

export function compiledBuild(): Promise<string> {
  const given = process.env.SWITCHBOARD_TEST_BUILD;
  if (given) return Promise.resolve(given);
  return (building ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-build-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return prepareCompiledBuild(dir);
  })());
}

/** Builds into `dir` (which must exist and be empty) and answers the app folder. */
export async function prepareCompiledBuild(dir: string): Promise<string> {
  const app = join(dir, 'app');
  const manifest = (await import('../../package.json', { with: { type: 'json' } })).default;
  await run(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--out', app, '--scripts'], { cwd: repoRoot });
  await writeFile(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'switchboard',
      private: true,
      type: 'module',
      version: manifest.version,
      engines: manifest.engines,
      exports: { '.': './core/index.js', './app-kit': './core/app-kit.js', './package.json': './package.json' },
    }) + '\n',
  );
  const modules = join(app, 'node_modules');
  await mkdir(modules);
  for (const entry of await readdir(join(repoRoot, 'node_modules'))) {
    if (entry === 'switchboard' || entry === '@acme') continue;
    await symlink(join(repoRoot, 'node_modules', entry), join(modules, entry));
  }
  await symlink('..', join(modules, 'switchboard'));
  for (const example of await readdir(join(repoRoot, 'examples'))) {
    await cp(join(repoRoot, 'examples', example), join(modules, '@acme', `switchboard-${example}`), {
      recursive: true,
      filter: (source) => !/\/(node_modules|test)(\/|$)/.test(source),
    });
  }
  return app;
}

/** Removes a build made by prepareCompiledBuild (the runner's, at the end of a run). */
export const removeCompiledBuild = (dir: string) => rm(dir, { recursive: true, force: true });
