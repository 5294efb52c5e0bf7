import { MAX_NESTING } from '../util/nesting.js';
import { toWellFormed } from '../util/well-formed.js';

/** What stands in the audit copy for what nests past MAX_NESTING. */
export const CUT_NESTING = '[nested too deep]';

/**
 * A copy of arguments that were refused before validation, as the audit trail can store them:
 * nesting past MAX_NESTING cut, NUL and lone surrogates (in values and keys) replaced by U+FFFD.
 * The refusal itself is recorded; arguments PostgreSQL cannot hold would otherwise make the
 * record fail, and arguments nested without limit would exhaust the stack of anything copying them.
 */
export function storableArguments(args: Record<string, unknown>): Record<string, unknown> {
  return copy(args, 1) as Record<string, unknown>;
}

function copy(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return storableText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_NESTING) return CUT_NESTING;
  if (Array.isArray(value)) return value.map((item) => copy(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [storableText(key), copy(item, depth + 1)]));
}

const storableText = (text: string) => toWellFormed(text.replaceAll('\u0000', '\uFFFD'));
