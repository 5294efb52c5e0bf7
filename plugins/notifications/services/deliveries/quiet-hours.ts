import { DateTime } from 'luxon';
import type { QuietHours } from '../../entities/values.js';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a phone delivery made at `now` may go out: at once outside the quiet hours, else at their
 * end on the shop's wall clock (a window may cross midnight; on a DST day luxon moves a skipped
 * end time forward by the gap).
 */
export function holdPastQuietHours(now: Date, quiet: QuietHours | null, zone: string): Date {
  if (!quiet) return now;
  const local = DateTime.fromJSDate(now, { zone });
  const minute = local.hour * 60 + local.minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return now;
  let until = local.set({ hour: Math.floor(end / 60), minute: end % 60, second: 0, millisecond: 0 });
  if (until <= local) until = until.plus({ days: 1 });
  return until.toJSDate();
}
