import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { OperatorError } from './lib/cli-errors.js';
import { renderToolsDoc, TOOLS_DOC } from './lib/render-tools-doc.js';
import { runCli } from './lib/run-cli.js';
import { parseOptions } from './lib/parse-options.js';

const USAGE = `Usage: npm run docs:tools [-- --check]

Writes docs/tools.md from the tool registry: the groups enabled in config/default.ts, each with a
table of its tools (kind, confirmation, description, arguments). Needs no database.
  --check   write nothing; fail when docs/tools.md differs from what would be written`;

await runCli(async (args) => {
  if (args.some((a) => a === '--help' || a === '-h')) return USAGE;
  const { check } = parseOptions(args, { check: { type: 'boolean' } });
  const path = relative(process.cwd(), fileURLToPath(TOOLS_DOC));
  const text = await renderToolsDoc();
  if (check) {
    const current = await readFile(TOOLS_DOC, 'utf8').catch(() => '');
    if (current !== text) throw new OperatorError(`${path} is stale: run npm run docs:tools`);
    return `${path} is up to date`;
  }
  await writeFile(TOOLS_DOC, text);
  return `${path} written`;
}, USAGE);
