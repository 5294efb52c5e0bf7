import { invalidArguments } from '../../../core/index.js';

/** The trimmed value; a value of only whitespace is refused like an empty one. */
export function nonBlank(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw invalidArguments(`${field} must not be blank.`, [{ path: field, message: 'must not be blank' }]);
  return trimmed;
}

/** A LIKE pattern matching values that contain `value` literally (its % and _ are not wildcards). */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
