import { Type, type Static } from '../../core/index.js';

export const ActivityConfig = Type.Object(
  {
    /** Until the shop sets its own with configure_activity_log. */
    defaultRetentionDays: Type.Integer({ minimum: 30, maximum: 730, default: 365 }),
    /** The most rows export_activity_csv returns inline; narrower filters get the rest. */
    exportMaxRows: Type.Integer({ minimum: 100, maximum: 100_000, default: 10_000 }),
  },
  { additionalProperties: false, default: {} },
);

export type ActivityConfig = Static<typeof ActivityConfig>;
