import { IANAZone } from 'luxon';
import { formatShopTime, invalidArguments, parseShopTime } from '../../../core/index.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An IANA zone name, or invalid_arguments naming the field. */
export function checkZone(zone: string, field = 'timezone'): string {
  if (!IANAZone.isValidZone(zone))
    throw invalidArguments(`${field} "${zone}" is not an IANA timezone such as Europe/Madrid.`, [
      { path: field, message: 'unknown timezone' },
    ]);
  return zone;
}

/** A date-time argument read on the calendar's wall clock (or exact, with an offset). */
export const parseLocal = (raw: string, zone: string, field: string): Date => parseShopTime(raw, zone, field);

/** `YYYY-MM-DD HH:MM:SS` on the calendar's wall clock: how times are shown. */
export const formatLocal = (date: Date, zone: string): string => formatShopTime(date, zone);

/** A `YYYY-MM-DD` date argument (a date-time is cut to its local date), or invalid_arguments. */
export function localDate(raw: string, zone: string, field: string): string {
  if (DATE.test(raw)) {
    parseShopTime(`${raw} 00:00:00`, zone, field);
    return raw;
  }
  return formatLocal(parseLocal(raw, zone, field), zone).slice(0, 10);
}
