import type { RuleType } from '../../entities/values.js';

export interface AvailabilityRule {
  ruleType: RuleType;
  dayOfWeek?: number | null;
  specificDate?: string | null;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

/** [start, end) in minutes after the local midnight. */
export type MinuteRange = [number, number];

/** `HH:MM` → minutes after midnight; `24:00` is the end of the day. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The open hours of one local date (Cal.com's model): that date's available `date_exception`
 * rules replace the weekday's `weekly` ones; then unavailable exceptions, unavailable weekly rules
 * and `blocked` rules of the date or weekday are cut out. Sorted, merged, never overlapping.
 */
export function dayWindows(rules: AvailabilityRule[], date: string, dayOfWeek: number): MinuteRange[] {
  const onDate = rules.filter((r) => r.ruleType === 'date_exception' && r.specificDate === date);
  const replacing = onDate.filter((r) => r.isAvailable);
  const open = replacing.length
    ? replacing
    : rules.filter((r) => r.ruleType === 'weekly' && r.dayOfWeek === dayOfWeek && r.isAvailable);
  const closed = rules.filter(
    (r) =>
      (r.ruleType === 'date_exception' && r.specificDate === date && !r.isAvailable) ||
      (r.ruleType === 'weekly' && r.dayOfWeek === dayOfWeek && !r.isAvailable) ||
      (r.ruleType === 'blocked' &&
        (r.specificDate === date || ((r.specificDate ?? null) === null && r.dayOfWeek === dayOfWeek))),
  );
  let windows = merge(open.map((r) => [minutesOf(r.startTime), minutesOf(r.endTime)] as MinuteRange));
  for (const r of closed) windows = subtract(windows, [minutesOf(r.startTime), minutesOf(r.endTime)]);
  return windows;
}

function merge(ranges: MinuteRange[]): MinuteRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: MinuteRange[] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

function subtract(windows: MinuteRange[], [cs, ce]: MinuteRange): MinuteRange[] {
  return windows.flatMap(([s, e]): MinuteRange[] => {
    if (ce <= s || cs >= e) return [[s, e]];
    return [...(cs > s ? [[s, cs] as MinuteRange] : []), ...(ce < e ? [[ce, e] as MinuteRange] : [])];
  });
}
