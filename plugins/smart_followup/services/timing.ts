import { DateTime } from 'luxon';
import type { Timing } from '../entities/values.js';

/** Monday 00:00 … Sunday 23:00: the hours of a week, where activity histograms are kept. */
export const HOURS_OF_WEEK = 168;

const SLOT_MINUTES = 30;
/** How far past the earliest time a smart choice looks (the design's 48 h). */
const WINDOW_HOURS = 48;
/** How far it looks for any allowed slot at all (a shop open one day a week still gets one). */
const SEARCH_DAYS = 8;
/** Below these many messages a histogram says too little to go by. */
export const MIN_CUSTOMER_SAMPLES = 5;
export const MIN_SHOP_SAMPLES = 20;

export interface DayRange {
  open: string;
  close: string;
}

export interface TimingInput {
  /** The earliest moment: the last event plus the first delay (or the next gap). */
  earliest: Date;
  timezone: string;
  quiet: { from: string; to: string };
  /** Opening ranges by ISO weekday (1 Monday … 7 Sunday) when the shop's hours are respected; null: any time. */
  openHours: Record<number, DayRange[]> | null;
  mode: 'smart' | 'fixed';
  customer: { histogram: number[]; samples: number };
  shop: { histogram: number[]; samples: number };
  /** Until when a free-form message reaches the customer (their last message + the window); null: unknown. */
  contactWindowEnd: Date | null;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** The hour of the week of an instant, in the shop's timezone (0 = Monday 00:00). */
export function hourOfWeek(at: Date, timezone: string): number {
  const t = DateTime.fromJSDate(at, { zone: timezone });
  return (t.weekday - 1) * 24 + t.hour;
}

/** Whether a wall time is inside the quiet hours (which may cross midnight, 21:00–09:00). */
export function isQuiet(minute: number, quiet: { from: string; to: string }): boolean {
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** Whether a send at this instant is allowed: outside quiet hours, and inside the opening hours when respected. */
export function allowed(at: Date, input: Pick<TimingInput, 'timezone' | 'quiet' | 'openHours'>): boolean {
  const t = DateTime.fromJSDate(at, { zone: input.timezone });
  const minute = t.hour * 60 + t.minute;
  if (isQuiet(minute, input.quiet)) return false;
  if (!input.openHours) return true;
  return (input.openHours[t.weekday] ?? []).some(
    (r) => minute >= minutesOf(r.open) && minute < (r.close === '24:00' ? 1440 : minutesOf(r.close)),
  );
}

/** The allowed half-hour slots from `earliest` on, for `hours` hours. */
function slots(input: TimingInput, hours: number): Date[] {
  const start = Math.ceil(input.earliest.getTime() / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000;
  const found: Date[] = [];
  for (let t = start; t < input.earliest.getTime() + hours * 3_600_000; t += SLOT_MINUTES * 60_000) {
    const at = new Date(t);
    if (allowed(at, input)) found.push(at);
  }
  return found;
}

/**
 * When to send, explained. Fixed: the first allowed slot from the earliest moment. Smart: among the
 * allowed half-hour slots of the next 48 hours, the one at the hour of the week this customer
 * writes most (their last 90 days), or, when they wrote too little, the hour the shop's customers
 * write most; a slot while the contact window is still open counts a quarter more; the earliest
 * wins a tie. Always outside quiet hours, and inside opening hours when the shop respects them.
 */
export function chooseTime(input: TimingInput): { at: Date; timing: Timing } {
  const candidates = slots(input, WINDOW_HOURS);
  const reachable = candidates.length > 0 ? candidates : slots(input, SEARCH_DAYS * 24).slice(0, 1);
  if (reachable.length === 0)
    return {
      at: input.earliest,
      timing: {
        method: 'fixed_delay',
        chosen_at: input.earliest.toISOString(),
        reason: 'no slot outside quiet hours and inside opening hours within 8 days: the earliest moment',
        histogram_samples: 0,
      },
    };
  const source =
    input.mode === 'fixed'
      ? null
      : input.customer.samples >= MIN_CUSTOMER_SAMPLES
        ? { method: 'customer_activity' as const, ...input.customer }
        : input.shop.samples >= MIN_SHOP_SAMPLES
          ? { method: 'shop_activity' as const, ...input.shop }
          : null;
  if (!source) {
    const at = reachable[0]!;
    return {
      at,
      timing: {
        method: 'fixed_delay',
        chosen_at: at.toISOString(),
        reason:
          input.mode === 'fixed'
            ? 'the first allowed time after the delay'
            : 'too little activity to go by: the first allowed time after the delay',
        histogram_samples: input.mode === 'fixed' ? 0 : input.customer.samples,
      },
    };
  }
  const peak = Math.max(...source.histogram, 1e-9);
  let best: { at: Date; score: number } | null = null;
  for (const at of reachable) {
    const inWindow = input.contactWindowEnd !== null && at < input.contactWindowEnd;
    const score = source.histogram[hourOfWeek(at, input.timezone)]! / peak + (inWindow ? 0.25 : 0);
    if (!best || score > best.score + 1e-9) best = { at, score };
  }
  const at = best!.at;
  const hour = DateTime.fromJSDate(at, { zone: input.timezone });
  return {
    at,
    timing: {
      method: source.method,
      chosen_at: at.toISOString(),
      reason: `${source.method === 'customer_activity' ? 'the customer' : "the shop's customers"} write most around ${hour.toFormat('cccc HH:00')}${
        input.contactWindowEnd && at < input.contactWindowEnd ? ', inside the contact window' : ''
      }`,
      histogram_samples: source.samples,
    },
  };
}
