import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { OperatorError } from './lib/cli-errors.js';
import { renderEventsDoc, EVENTS_DOC } from './lib/render-events-doc.js';
import { runCli } from './lib/run-cli.js';
import { parseOptions } from './lib/parse-options.js';

const USAGE = `Usage: npm run docs:events [-- --check]

Writes docs/events.md from the groups' surface.ts files: every domain event, the group that emits
it, when it fires and its payload's fields.
  --check   write nothing; fail when docs/events.md differs from what would be written`;

await runCli(async (args) => {
  if (args.some((a) => a === '--help' || a === '-h')) return USAGE;
  const { check } = parseOptions(args, { check: { type: 'boolean' } });
  const path = relative(process.cwd(), fileURLToPath(EVENTS_DOC));
  const text = renderEventsDoc();
  if (check) {
    const current = await readFile(EVENTS_DOC, 'utf8').catch(() => '');
    if (current !== text) throw new OperatorError(`${path} is stale: run npm run docs:events`);
    return `${path} is up to date`;
  }
  await writeFile(EVENTS_DOC, text);
  return `${path} written`;
}, USAGE);
