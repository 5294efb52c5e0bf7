import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { OperatorError } from './cli-errors.js';
import { runCli } from './run-cli.js';
import { parseOptions } from './parse-options.js';

/**
 * The command behind `npm run docs:<name>` for a file generated whole from the code: writes it,
 * or with --check writes nothing and fails when it differs from what would be written.
 */
export function generatedDocCli(options: {
  command: string;
  target: URL;
  render: () => string | Promise<string>;
  /** What the file holds and where it comes from, for --help. */
  about: string;
}): Promise<void> {
  const path = relative(process.cwd(), fileURLToPath(options.target));
  const usage = `Usage: npm run ${options.command} [-- --check]

${options.about}
  --check   write nothing; fail when ${path} differs from what would be written`;
  return runCli(async (args) => {
    if (args.some((a) => a === '--help' || a === '-h')) return usage;
    const { check } = parseOptions(args, { check: { type: 'boolean' } });
    const text = await options.render();
    if (check) {
      const current = await readFile(options.target, 'utf8').catch(() => '');
      if (current !== text) throw new OperatorError(`${path} is stale: run npm run ${options.command}`);
      return `${path} is up to date`;
    }
    await writeFile(options.target, text);
    return `${path} written`;
  }, usage);
}
