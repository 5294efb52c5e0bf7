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

/** A `YYYY-MM-DD` date argument (a date-time is cut to its local date), or invalid_arguments. */
export function localDate(raw: string, zone: string, field: string): string {
  if (DATE.test(raw)) {
    parseShopTime(`${raw} 00:00:00`, zone, field);
    return raw;
  }
  return formatShopTime(parseShopTime(raw, zone, field), zone).slice(0, 10);
}
