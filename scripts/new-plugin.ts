import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UsageError } from './lib/cli-errors.js';
import { groupNames, pluginFiles } from './lib/plugin-templates.js';
import { runCli } from './lib/run-cli.js';

const USAGE = `Usage: npm run new-plugin -- <name> [--dir <path>]

Creates the folder of a new tool group, <dir>/<name> (default dir: plugins/), in the standard
shape: index.ts (manifest), README.md, entities/, migrations/0001-init.ts, services/, tools/ with
two tools, test/<name>.test.ts and test/isolation.fixture.ts. See docs/plugins.md.
  <name>   snake_case, starting with a letter, at most 40 characters (e.g. loyalty_points)`;

const NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const MAX_NAME = 40;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

await runCli(async (argv) => {
  if (argv.some((a) => a === '--help' || a === '-h')) return USAGE;
  const { name, dir } = parse(argv);
  const folder = resolve(dir ?? join(ROOT, 'plugins'), name);
  if (existsSync(folder)) throw new UsageError(`${folder} already exists; choose another name or --dir`);

  // Relative imports, so the group works wherever the folder is (plugins/, examples/, elsewhere).
  const toRoot = (path: string) => {
    const rel = relative(folder, join(ROOT, path)).split('\\').join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const files = pluginFiles(groupNames(name), {
    core: toRoot('core/index.js'),
    boot: toRoot('test/helpers/boot.js'),
    isolation: toRoot('test/harness/isolation.js'),
  });
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), content, { flag: 'wx' });
  }

  const shown = relative(process.cwd(), folder) || '.';
  const inPlugins = dirname(folder) === join(ROOT, 'plugins');
  return [
    `Created ${shown}/ with ${Object.keys(files).length} files:`,
    ...Object.keys(files)
      .sort()
      .map((f) => `  ${f}`),
    '',
    'Next:',
    inPlugins
      ? `  1. Enable it: add \`${name}: { enabled: true },\` under groups in config/default.ts (alphabetical order).`
      : `  1. Enable it with a config entry that points at it: \`${name}: { enabled: true, resolve: '<package name or path to ${shown}/index.ts>' }\`.`,
    `  2. Run its test: npx mocha --no-config --import=tsx/esm --require test/helpers/global-database.ts ${shown}/test/${groupNames(name).kebab}.test.ts`,
    '  3. Grow it into the real group: entities, migrations, services, one tool per file; keep README.md in step.',
    '  4. npm run docs:tools, then npm test (contract, isolation and tool-coverage checks included).',
    '  docs/plugins.md explains every part.',
  ].join('\n');
}, USAGE);

function parse(argv: string[]): { name: string; dir?: string } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { dir: { type: 'string' } }, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const [name, ...rest] = parsed.positionals;
  if (!name) throw new UsageError('the group name is missing');
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);
  if (!NAME.test(name) || name.length > MAX_NAME) {
    throw new UsageError(
      `"${name}" is not a valid group name: use snake_case (a-z, 0-9, single underscores between words), starting with a letter, at most ${MAX_NAME} characters`,
    );
  }
  return { name, ...(parsed.values.dir !== undefined && { dir: parsed.values.dir }) };
}
