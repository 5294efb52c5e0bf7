import type { FieldError } from '../config/schema-errors.js';
import { isWellFormed } from '../util/well-formed.js';

const NUL = '\u0000';

const unstorable = (text: string) => text.includes(NUL) || !isWellFormed(text);

/**
 * Every place in a tool's arguments where a string (or an object key) holds text PostgreSQL cannot
 * keep: U+0000, which text cannot store, and a lone UTF-16 surrogate ("\ud800"), which is not
 * Unicode at all — JSON columns refuse it and text columns would silently get U+FFFD instead.
 * Such a call is refused up front, naming the field, instead of failing deep inside a query.
 * Runs on every call: the arguments are scanned without allocating, and the paths are built only
 * when there is something to report. Recursive: the arguments' nesting is bounded before this runs.
 */
export function unstorableTextErrors(args: unknown): FieldError[] {
  return holdsUnstorable(args) ? collect(args, '') : [];
}

function holdsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  for (const key in value) if (unstorable(key) || holdsUnstorable((value as Record<string, unknown>)[key])) return true;
  return false;
}

function collect(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? [{ path: path || '(arguments)', message: `must not contain ${problem}` }] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const errors: FieldError[] = [];
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const problem = textProblem(key);
    if (problem) errors.push({ path: at, message: `is a name with ${problem}` });
    errors.push(...collect(item, at));
  }
  return errors;
}

function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'the NUL character (\\u0000)';
  if (!isWellFormed(text)) return 'a lone UTF-16 surrogate (\\ud800–\\udfff without its pair)';
  return undefined;
}
