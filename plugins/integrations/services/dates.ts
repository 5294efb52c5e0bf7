import { parseShopTime } from '../../../core/index.js';

/**
 * A date argument in the shop's timezone, as the kernel reads every date argument
 * (`parseShopTime`): a date and time, or a bare YYYY-MM-DD for the whole day (its first or last
 * second, by `edge`).
 */
export function parseDay(
  field: string,
  value: string | undefined,
  edge: 'start' | 'end',
  timeZone: string,
): Date | undefined {
  if (value === undefined) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
  return parseShopTime(day ? `${value.trim()} ${edge === 'start' ? '00:00:00' : '23:59:59'}` : value, timeZone, field);
}
