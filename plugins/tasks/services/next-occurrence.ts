import { DateTime } from 'luxon';
import type { Recurrence } from '../entities/values.js';

/** luxon's weekday (1 = Monday … 7 = Sunday) from ours (0 = Sunday … 6 = Saturday). */
const isoWeekday = (day: number) => (day === 0 ? 7 : day);

/**
 * The recurrence with its defaults made explicit from the first due date (interval 1, its
 * weekday, its day of the month), so every later occurrence keeps them: a task on the 31st that
 * fell on February 28th goes back to the 31st in March.
 */
export function withDefaults(recurrence: Recurrence, due: Date, zone: string): Recurrence {
  const local = DateTime.fromJSDate(due, { zone });
  return {
    frequency: recurrence.frequency,
    interval: recurrence.interval ?? 1,
    ...(recurrence.frequency === 'weekly' && {
      weekdays: [...new Set(recurrence.weekdays ?? [local.weekday % 7])].sort((a, b) => a - b),
    }),
    ...(recurrence.frequency === 'monthly' && { day_of_month: recurrence.day_of_month ?? local.day }),
  };
}

/**
 * The due time of the occurrence after `due`, on the shop's wall clock: the same local time of
 * day, whatever DST did in between. Weekly: the next listed weekday of the same week, else the
 * first listed one `interval` weeks on. Monthly: `day_of_month` (default the due date's day)
 * `interval` months on, clamped to the month's last day, so a task on the 31st stays at month end
 * and comes back to the 31st in months that have one.
 */
export function nextOccurrence(due: Date, recurrence: Recurrence, zone: string): Date {
  const local = DateTime.fromJSDate(due, { zone });
  const time = { hour: local.hour, minute: local.minute, second: local.second, millisecond: 0 };
  const { interval = 1 } = recurrence;
  if (recurrence.frequency === 'daily') return local.plus({ days: interval }).set(time).toJSDate();
  if (recurrence.frequency === 'weekly') {
    const days = [...new Set((recurrence.weekdays ?? [local.weekday % 7]).map(isoWeekday))].sort((a, b) => a - b);
    const later = days.find((d) => d > local.weekday);
    const weekStart = local.startOf('week');
    const next =
      later !== undefined
        ? weekStart.plus({ days: later - 1 })
        : weekStart.plus({ weeks: interval, days: days[0]! - 1 });
    return next.set(time).toJSDate();
  }
  const anchor = recurrence.day_of_month ?? local.day;
  const month = local.startOf('month').plus({ months: interval });
  return month.set({ day: Math.min(anchor, month.daysInMonth!), ...time }).toJSDate();
}
