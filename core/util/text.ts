import { invalidArguments } from '../errors/tool-error.js';

/** The trimmed value; a value of only whitespace is refused like an empty one, naming `field`. */
export function nonBlank(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw invalidArguments(`${field} must not be blank.`, [{ path: field, message: 'must not be blank' }]);
  return trimmed;
}

/** `value` as a LIKE pattern that matches only itself: its own % and _ (and the escape \) are taken literally. */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching values that contain `value` literally. */
export const containsPattern = (value: string) => `%${likeLiteral(value)}%`;
