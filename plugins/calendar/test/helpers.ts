import { DateTime } from 'luxon';
import { bootOps, caller, type OpsKernelOptions } from '../../../test/helpers/ops-kernel.js';

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

export { caller };

/** A calendar open Mondays 09:00–18:00 (60-minute grid, no minimum notice) with one 60-minute service. */
export async function mondayCalendar(c: ReturnType<typeof caller>, name: string, service: string) {
  const calendarId = (await c.ok('create_calendar', { name, slot_interval_minutes: 60, min_notice_minutes: 0 }))
    .calendar.id as number;
  await c.ok('create_calendar_availability', {
    action: 'create',
    calendar_id: calendarId,
    rule_type: 'weekly',
    day_of_week: 1,
    start_time: '09:00',
    end_time: '18:00',
  });
  const serviceId = (
    await c.ok('create_calendar_service', {
      action: 'create',
      calendar_id: calendarId,
      name: service,
      duration_minutes: 60,
    })
  ).service.id as number;
  return { calendarId, serviceId };
}
