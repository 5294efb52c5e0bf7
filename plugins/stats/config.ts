import { Type, type Static } from '../../core/index.js';

export const StatsConfig = Type.Object(
  {
    /** The longest date range a report covers. */
    maxRangeDays: Type.Integer({ minimum: 31, maximum: 1096, default: 366 }),
  },
  { additionalProperties: false, default: {} },
);

export type StatsConfig = Static<typeof StatsConfig>;
