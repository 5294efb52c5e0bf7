import { invalidArguments } from '../../../../core/index.js';

/**
 * The digits a list's `query` matches phones by. A query without any would match every phone, so
 * it is refused rather than read as "no filter".
 */
export function phoneQueryDigits(query: string | undefined): string | null {
  if (query === undefined) return null;
  const digits = query.replace(/\D/g, '');
  if (!digits)
    throw invalidArguments('query matches part of a phone number and must contain at least one digit.', [
      { path: 'query', message: 'must contain at least one digit' },
    ]);
  return digits;
}
