import { Console } from 'node:console';
import { UsageError } from './cli-errors.js';

const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/**
 * Runs a command and writes what it returns to stdout, followed by a newline; `--help` anywhere
 * prints the usage instead. Everything else a library might print goes to stderr, so that scripts
 * can parse stdout as the command's result.
 */
export async function runCli(command: (argv: string[]) => Promise<string>, usage: string): Promise<never> {
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const argv = process.argv.slice(2);
  let code = 0;
  try {
    await write(process.stdout, `${argv.some((a) => a === '--help' || a === '-h') ? usage : await command(argv)}\n`);
  } catch (err) {
    code = err instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE;
    await write(
      process.stderr,
      `error: ${describe(err)}\n${err instanceof UsageError ? 'Run with --help for usage.\n' : ''}`,
    );
  }
  // Explicit exit: a pool or timer some library left open must not keep an operator's shell waiting.
  process.exit(code);
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

const write = (stream: NodeJS.WriteStream, text: string) =>
  new Promise<void>((resolve) => stream.write(text, () => resolve()));
