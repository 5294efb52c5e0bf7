import { DateTime } from 'luxon';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, fails, ok, type OpsKernelOptions } from '../../../test/helpers/ops-kernel.js';

export const ZONE = 'Europe/Madrid';
export const JOB = 'calendar.send-calendar-notifications';

let lastTick = Date.UTC(2002, 0, 1);
/** A tick second no other calendar test uses (ticks are leased per job and second). */
export function freshTick(): Date {
  lastTick += 1000;
  return new Date(lastTick);
}

/** The local date (YYYY-MM-DD) of the next `weekday` (0 = Sunday) at least `minDays` ahead. */
export function nextWeekday(weekday: number, minDays = 3): string {
  let d = DateTime.now().setZone(ZONE).startOf('day').plus({ days: minDays });
  while (d.weekday % 7 !== weekday) d = d.plus({ days: 1 });
  return d.toISODate()!;
}

export const bootCalendar = (config: Record<string, unknown> = {}, options: Omit<OpsKernelOptions, 'groups'> = {}) =>
  bootOps({ ...options, groups: ['agents', 'calendar'], groupConfigs: { calendar: config } });

export function caller(k: TestKernel, token: string) {
  return {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, token, tool, args, code),
  };
}
