import { Type } from '../../../core/index.js';
import { GROUPINGS, PERIODS } from '../services/period.js';

/** The date range every report takes, on the shop's clock. */
export const rangeArgs = {
  period: Type.Optional(
    Type.Enum(PERIODS, {
      description: 'today, 7d, 30d (default), 90d — each ending today — or custom with date_from and date_to.',
    }),
  ),
  date_from: Type.Optional(Type.String({ description: 'YYYY-MM-DD, the shop’s date; first day included.' })),
  date_to: Type.Optional(Type.String({ description: 'YYYY-MM-DD, the shop’s date; last day included.' })),
};

export const groupByArg = Type.Enum(GROUPINGS, { default: 'day', description: 'day, week (from Monday) or month.' });

export const chartArg = Type.Boolean({
  default: false,
  description: 'Also answer with the chart as a PNG image (drawn on the server), beside the numbers.',
});

export const RangeOutput = Type.Object({
  date_from: Type.String(),
  date_to: Type.String(),
  days: Type.Integer(),
  timezone: Type.String(),
});
