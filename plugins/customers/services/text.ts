import { invalidArguments } from '../../../core/index.js';

/** The trimmed value; a value of only whitespace is refused like an empty one. */
export function nonBlank(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw invalidArguments(`${field} must not be blank.`, [{ path: field, message: 'must not be blank' }]);
  return trimmed;
}

/** `value` as a LIKE pattern that matches only itself: its own % and _ are taken literally. */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export const containsPattern = (value: string) => `%${likeLiteral(value)}%`;
