import { invalidArguments } from '../errors/tool-error.js';
import { DATE_MESSAGE, DATE_TIME_MESSAGE, RANGE_BOUND_MESSAGE } from './date-args.js';

/**
 * Date-times that tools take and give: read on the shop's wall clock unless they carry an offset,
 * shown as the shop's local time next to UTC. Shared so every group schedules the same way.
 */

/** `YYYY-MM-DD HH:MM[:SS]` (spec) or the ISO form with `T`, optionally with fractions and `Z` / `±HH:MM`. */
const FORMAT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** `timeZone`'s wall clock as `YYYY-MM-DD HH:MM:SS`; one per timezone, as making one is costly. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let clock = wallClocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, clock);
  }
  return clock;
}

/** The UTC offset of `timeZone` at `instant`, in milliseconds (positive east of Greenwich). */
function offsetMs(timeZone: string, instant: number): number {
  const parts = wallClock(timeZone).formatToParts(new Date(instant));
  const field = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A date-time argument → the instant. With `Z` or an offset it is exact; without, it is a wall
 * time in the shop's timezone (a wall time skipped by a DST change moves forward by the gap).
 */
export function parseShopTime(raw: string, timeZone: string, field: string, form = DATE_TIME_MESSAGE): Date {
  const bad = (why: string) => invalidArguments(`${field} "${raw}" ${why}.`, [{ path: field, message: why }]);
  const m = FORMAT.exec(raw.trim());
  if (!m) throw bad(form);
  const [, y, mo, d, h, mi, s = '0', ms = '0', zone] = m;
  const wall = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h),
    Number(mi),
    Number(s),
    Number(ms.padEnd(3, '0')),
  );
  const check = new Date(wall);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    throw bad('is not a real date and time');
  }
  if (zone?.toUpperCase() === 'Z') return check;
  if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    if (Number(digits.slice(0, 2)) > 14 || Number(digits.slice(2)) > 59) throw bad('has an impossible UTC offset');
    return new Date(wall - sign * minutes * 60_000);
  }
  // Guess with the offset at the wall time read as UTC, then correct once with the offset at the guess.
  let instant = wall - offsetMs(timeZone, wall);
  const corrected = offsetMs(timeZone, instant);
  if (wall - corrected !== instant) instant = wall - corrected;
  return new Date(instant);
}

/** `YYYY-MM-DD HH:MM:SS` on the shop's wall clock. */
export function formatShopTime(date: Date, timeZone: string): string {
  return wallClock(timeZone).format(date).replace('T', ' ');
}

/**
 * A date argument that may be a bare day: a date and time as parseShopTime reads it, or
 * YYYY-MM-DD for the whole day (its first or last second, by `edge`) — date_from / date_to.
 */
export function parseShopDay(raw: string, timeZone: string, field: string, edge: 'start' | 'end'): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw.trim());
  return parseShopTime(
    day ? `${raw.trim()} ${edge === 'start' ? '00:00:00' : '23:59:59.999'}` : raw,
    timeZone,
    field,
    RANGE_BOUND_MESSAGE,
  );
}

/** A date-only argument (`YYYY-MM-DD`) that must name a real day; returned as given. */
export function parseLocalDate(raw: string, field: string): string {
  const bad = (why: string) => invalidArguments(`${field} "${raw}" ${why}.`, [{ path: field, message: why }]);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!m) throw bad(DATE_MESSAGE);
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (
    day.getUTCFullYear() !== Number(m[1]) ||
    day.getUTCMonth() !== Number(m[2]) - 1 ||
    day.getUTCDate() !== Number(m[3])
  )
    throw bad('is not a real date');
  return raw.trim();
}
