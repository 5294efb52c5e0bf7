import { invalidArguments } from '../../../core/index.js';

/** A date argument: YYYY-MM-DD (the whole day, UTC) or an ISO 8601 instant. */
export function parseDay(field: string, value: string | undefined, edge: 'start' | 'end'): Date | undefined {
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(day ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : value);
  if (Number.isNaN(at.getTime()))
    throw invalidArguments(`${field} is not a date (YYYY-MM-DD or ISO 8601).`, [
      { path: `/${field}`, message: 'not a date' },
    ]);
  return at;
}
