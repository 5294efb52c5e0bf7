import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { OperatorError } from './lib/cli-errors.js';
import { withErrorsBlock } from './lib/render-errors-section.js';
import { runCli } from './lib/run-cli.js';
import { parseOptions } from './lib/parse-options.js';
import { groupsUnderTest, loadGroups } from '../test/harness/groups-under-test.js';

const USAGE = `Usage: npm run docs:errors [-- --check]

Writes the error section of every group's README.md from the group's error catalogue (errors.ts,
the manifest's errors): each code, when it happens and the fields its details carry.
  --check   write nothing; fail when a README differs from what would be written`;

await runCli(async (args) => {
  if (args.some((a) => a === '--help' || a === '-h')) return USAGE;
  const { check } = parseOptions(args, { check: { type: 'boolean' } });
  const groups = await groupsUnderTest();
  const plugins = await loadGroups(groups);
  const done: string[] = [];
  const stale: string[] = [];
  for (const group of groups) {
    const plugin = plugins.find((p) => p.plugin.name === group.name)!.plugin;
    const path = join(group.dir, 'README.md');
    const shown = relative(process.cwd(), path);
    const current = await readFile(path, 'utf8');
    const next = withErrorsBlock(current, plugin.errors ?? {});
    if (next === null)
      throw new OperatorError(`${shown} has no generated error block: add the markers under "## Error codes"`);
    if (next === current) continue;
    if (check) stale.push(shown);
    else {
      await writeFile(path, next);
      done.push(shown);
    }
  }
  if (stale.length) throw new OperatorError(`stale error sections (run npm run docs:errors): ${stale.join(', ')}`);
  return done.length ? `written: ${done.join(', ')}` : 'every error section is up to date';
}, USAGE);
