import { invalidArguments } from '../../../core/index.js';

/** Trimmed text that must not be blank; `field` names the argument in the error. */
export function nonBlank(value: string, field: string): string {
  const text = value.trim();
  if (text === '') throw invalidArguments(`${field} must not be blank.`, [{ path: field, message: 'must not be blank' }]);
  return text;
}

/** A LIKE pattern matching `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
