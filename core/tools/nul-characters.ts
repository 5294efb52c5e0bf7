import type { FieldError } from '../config/schema-errors.js';

/**
 * Every place in a tool's arguments where a string (or an object key) holds U+0000. PostgreSQL
 * text cannot store it, so such a call is refused up front, naming the field, instead of failing
 * deep inside a query.
 */
export function nulCharacterErrors(value: unknown, path = ''): FieldError[] {
  if (typeof value === 'string')
    return value.includes('\u0000')
      ? [{ path: path || '(arguments)', message: 'must not contain the NUL character (\\u0000)' }]
      : [];
  if (typeof value !== 'object' || value === null) return [];
  const errors: FieldError[] = [];
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) errors.push({ path: at, message: 'is a name with the NUL character (\\u0000)' });
    errors.push(...nulCharacterErrors(item, at));
  }
  return errors;
}
