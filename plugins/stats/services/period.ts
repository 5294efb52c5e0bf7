import { DateTime } from 'luxon';
import { invalidArguments, parseLocalDate } from '../../../core/index.js';

export const PERIODS = ['today', '7d', '30d', '90d', 'custom'] as const;
export type PeriodName = (typeof PERIODS)[number];
export const GROUPINGS = ['day', 'week', 'month'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** A range of whole days on the shop's clock, [from, to), and the range of equal length before it. */
export interface Period {
  from: Date;
  to: Date;
  previousFrom: Date;
  previousTo: Date;
  /** Local dates, inclusive, as the tools show them. */
  firstDay: string;
  lastDay: string;
  days: number;
  zone: string;
}

/**
 * `today`, the last 7/30/90 days including today, or custom local dates (inclusive), in the shop's
 * timezone: a day is the shop's day, also across a DST change (23 or 25 hours).
 */
export function periodOf(
  args: { period?: PeriodName; date_from?: string; date_to?: string },
  zone: string,
  maxDays: number,
): Period {
  const today = DateTime.now().setZone(zone).startOf('day');
  let first: DateTime;
  let last: DateTime;
  const name = args.period ?? (args.date_from || args.date_to ? 'custom' : '30d');
  if (name === 'custom') {
    const missing = (['date_from', 'date_to'] as const).filter((field) => !args[field]);
    if (missing.length > 0)
      throw invalidArguments(
        'A custom period needs both date_from and date_to, as YYYY-MM-DD.',
        missing.map((path) => ({ path, message: 'is required with a custom period: a date, YYYY-MM-DD' })),
      );
    first = DateTime.fromISO(parseLocalDate(args.date_from!, 'date_from'), { zone });
    last = DateTime.fromISO(parseLocalDate(args.date_to!, 'date_to'), { zone });
    if (last < first)
      throw invalidArguments('date_to is before date_from.', [{ path: 'date_to', message: 'before date_from' }]);
  } else {
    const days = name === 'today' ? 1 : Number(name.slice(0, -1));
    last = today;
    first = today.minus({ days: days - 1 });
  }
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days > maxDays)
    throw invalidArguments(`The range covers ${days} days; at most ${maxDays}.`, [
      { path: 'date_to', message: 'range too long' },
    ]);
  const end = last.plus({ days: 1 });
  return {
    from: first.toJSDate(),
    to: end.toJSDate(),
    previousFrom: first.minus({ days }).toJSDate(),
    previousTo: first.toJSDate(),
    firstDay: first.toISODate()!,
    lastDay: last.toISODate()!,
    days,
    zone,
  };
}

/** Percentage change, null when there was nothing before to compare with. */
export const change = (now: number, before: number) =>
  before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;
