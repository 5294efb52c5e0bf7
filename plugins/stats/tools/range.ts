import type { Period } from '../services/period.js';

/** The range as answers show it. */
export const rangeOf = (p: Period) => ({ date_from: p.firstDay, date_to: p.lastDay, days: p.days, timezone: p.zone });
