import { DateTime } from 'luxon';
import { dayWindows, type AvailabilityRule } from './day-windows.js';

const MINUTE = 60_000;

/** A pending or confirmed event, or a plain one, as the slot maths sees it. */
export interface BusyEvent {
  startMs: number;
  endMs: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  serviceId: number | null;
  agentId: number | null;
}

export interface SlotQuery {
  /** The calendar's IANA zone: rules are wall-clock times there. */
  zone: string;
  /** Local dates, inclusive. */
  fromDate: string;
  toDate: string;
  rules: AvailabilityRule[];
  busy: BusyEvent[];
  service: {
    id: number;
    durationMinutes: number;
    bufferBeforeMinutes: number;
    bufferAfterMinutes: number;
    maxConcurrent: number;
  };
  intervalMinutes: number;
  /** No slot starts before this (now + minimum notice) or after this (now + booking window). */
  earliestMs: number;
  latestMs: number;
  /** The calendar's owner and can_book agents; empty when the calendar books without agents. */
  bookableAgents: number[];
  /** Only slots this agent can take. */
  agentId?: number;
}

export interface Slot {
  startMs: number;
  endMs: number;
  remainingCapacity: number;
  /** Bookable agents free for the slot, in the calendar's agent order (a booking takes the first). */
  agentIds: number[];
}

/**
 * The free slots of a service. Each local date's windows become instants in the calendar's zone
 * (luxon: a wall time in a spring-forward gap moves forward by the gap, an ambiguous one takes the
 * earlier offset), and slots step from each window's start by the interval in real minutes, so a
 * window that spans a DST change has exactly as many slots as it has real time. A slot is free when
 * its widened span (the new service's buffers) meets:
 * - fewer than max_concurrent widened bookings of the same service (capacity);
 * - no widened event of another service or plain event that has no agent (the calendar is busy);
 * - when the calendar has bookable agents, one of them (or the agent asked for) holding no
 *   overlapping event of another service or plain event.
 */
export function computeSlots(q: SlotQuery): Slot[] {
  const slots: Slot[] = [];
  const duration = q.service.durationMinutes * MINUTE;
  const before = q.service.bufferBeforeMinutes * MINUTE;
  const after = q.service.bufferAfterMinutes * MINUTE;
  const widened = q.busy
    .map((e) => ({
      ...e,
      from: e.startMs - e.bufferBeforeMinutes * MINUTE,
      to: e.endMs + e.bufferAfterMinutes * MINUTE,
    }))
    .sort((a, b) => a.from - b.from);
  const candidates = q.agentId !== undefined ? q.bookableAgents.filter((a) => a === q.agentId) : q.bookableAgents;
  if (q.bookableAgents.length > 0 && candidates.length === 0) return [];

  const last = DateTime.fromISO(q.toDate, { zone: q.zone });
  for (let day = DateTime.fromISO(q.fromDate, { zone: q.zone }); day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate()!;
    for (const [startMin, endMin] of dayWindows(q.rules, date, day.weekday % 7)) {
      const windowStart = wallInstant(day, startMin);
      const windowEnd = wallInstant(day, endMin);
      for (let start = windowStart; start + duration <= windowEnd; start += q.intervalMinutes * MINUTE) {
        if (start < q.earliestMs) continue;
        if (start > q.latestMs) return slots;
        const slot = check(start, start + duration);
        if (slot) slots.push(slot);
      }
    }
  }
  return slots;

  function check(startMs: number, endMs: number): Slot | null {
    const from = startMs - before;
    const to = endMs + after;
    let sameService = 0;
    const busyAgents = new Set<number>();
    for (const e of widened) {
      if (e.from >= to) break;
      if (e.to <= from) continue;
      if (e.serviceId === q.service.id) sameService += 1;
      else if (e.agentId === null) return null;
      else busyAgents.add(e.agentId);
    }
    if (sameService >= q.service.maxConcurrent) return null;
    const agentIds = candidates.filter((a) => !busyAgents.has(a));
    if (q.bookableAgents.length > 0 && agentIds.length === 0) return null;
    return { startMs, endMs, remainingCapacity: q.service.maxConcurrent - sameService, agentIds };
  }
}

/** The instant of `minutes` after the local midnight of `day` (1440: the next midnight). */
function wallInstant(day: DateTime, minutes: number): number {
  if (minutes >= 1440) return day.plus({ days: 1 }).startOf('day').toMillis();
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 }).toMillis();
}
