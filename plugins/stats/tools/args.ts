import { DateArg, Type } from '../../../core/index.js';
import { GROUPINGS, PERIODS } from '../services/period.js';

/** The date range every report takes, on the shop's clock. */
export const rangeArgs = {
  period: Type.Optional(
    Type.Enum(PERIODS, {
      description: 'Ending today; default 30d; custom: date_from to date_to.',
    }),
  ),
  // Whole days, both included: what a bare date bound means everywhere (the initialize instructions).
  date_from: Type.Optional(DateArg()),
  date_to: Type.Optional(DateArg()),
};

export const groupByArg = Type.Enum(GROUPINGS, { default: 'day', description: 'Weeks start on Monday.' });

export const chartArg = Type.Boolean({
  default: false,
  description: 'Also answer with a PNG chart.',
});

export const RangeOutput = Type.Object({
  date_from: Type.String(),
  date_to: Type.String(),
  days: Type.Integer(),
  timezone: Type.String(),
});
