import { invalidArguments } from '../../../core/index.js';

const FORMAT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The UTC offset of `timeZone` at `instant`, in milliseconds (positive east of Greenwich). */
function offsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const field = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * An ISO 8601 date-time → the instant. With `Z` or an offset it is exact; without, it is a wall
 * time in the shop's timezone (a time skipped by a DST change moves forward by the gap).
 */
export function parseSendAt(raw: string, timeZone: string, field = 'send_at'): Date {
  const bad = (why: string) => invalidArguments(`${field} "${raw}" ${why}.`, [{ path: field, message: why }]);
  const m = FORMAT.exec(raw.trim());
  if (!m) throw bad('is not an ISO 8601 date-time such as 2030-05-01T09:30 (shop time) or 2030-05-01T09:30:00+02:00');
  const [, y, mo, d, h, mi, s = '0', ms = '0', zone] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')));
  const check = new Date(wall);
  if (check.getUTCFullYear() !== Number(y) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw bad('is not a real date and time');
  }
  if (zone === 'Z') return check;
  if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    return new Date(wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000);
  }
  // Guess with the offset at the wall time read as UTC, then correct once with the offset at the guess.
  let instant = wall - offsetMs(timeZone, wall);
  const corrected = offsetMs(timeZone, instant);
  if (wall - corrected !== instant) instant = wall - corrected;
  return new Date(instant);
}
