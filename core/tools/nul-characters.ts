import type { FieldError } from '../config/schema-errors.js';

const NUL = '\u0000';

/**
 * Every place in a tool's arguments where a string (or an object key) holds U+0000. PostgreSQL
 * text cannot store it, so such a call is refused up front, naming the field, instead of failing
 * deep inside a query. Runs on every call: the arguments are scanned without allocating, and the
 * paths are built only when there is something to report.
 */
export function nulCharacterErrors(args: unknown): FieldError[] {
  return holdsNul(args) ? collect(args, '') : [];
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some(holdsNul);
  for (const key in value) if (key.includes(NUL) || holdsNul((value as Record<string, unknown>)[key])) return true;
  return false;
}

function collect(value: unknown, path: string): FieldError[] {
  if (typeof value === 'string')
    return value.includes(NUL)
      ? [{ path: path || '(arguments)', message: 'must not contain the NUL character (\\u0000)' }]
      : [];
  if (typeof value !== 'object' || value === null) return [];
  const errors: FieldError[] = [];
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) errors.push({ path: at, message: 'is a name with the NUL character (\\u0000)' });
    errors.push(...collect(item, at));
  }
  return errors;
}
