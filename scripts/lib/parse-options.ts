import { parseArgs } from 'node:util';
import { UsageError } from './cli-errors.js';

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/** `--flag value` options only; unknown flags and stray words are usage errors, never ignored. */
export function parseOptions<T extends OptionSpec>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
