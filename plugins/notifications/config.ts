import { Type, type Static } from '../../core/index.js';

export const NotificationsConfig = Type.Object(
  {
    /** Read notifications are deleted this long after they were last active; unread ones stay. */
    readRetentionDays: Type.Integer({ minimum: 1, maximum: 3650, default: 90 }),
    /** Phone deliveries that finished are deleted after this many days. */
    deliveryRetentionDays: Type.Integer({ minimum: 1, maximum: 3650, default: 30 }),
    /** Deliveries one claim takes; the job claims again until none are due. */
    deliveryBatch: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
    /** A delivery left `sending` this long by a process that died is claimed again. */
    claimTimeoutSeconds: Type.Integer({ minimum: 10, maximum: 3600, default: 120 }),
    /** Time one job tick may spend sending before it leaves the rest to the next tick. */
    deliveryTickBudgetMs: Type.Integer({ minimum: 100, maximum: 60_000, default: 8_000 }),
  },
  { additionalProperties: false, default: {} },
);

export type NotificationsConfig = Static<typeof NotificationsConfig>;
