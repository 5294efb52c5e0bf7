import { Type, type Static } from '../../core/index.js';

/**
 * retryScheduleMs: waits before attempts 2, 3, … of a webhook delivery (Svix's schedule: 8
 * attempts over about 27 hours); tests compress it. deliveryTimeoutMs: a receiver that has not
 * answered by then has failed the attempt (GitHub allows 10 s). disableAfterFailingMs: an endpoint
 * whose every attempt has failed for this long is set aside (disabled_failing) until the shop
 * re-enables it. secretGraceMs: after a new secret, the old one keeps signing too for this long.
 * maxInFlightPerShop: concurrent requests to one shop's endpoint from one process.
 * maxUnrecordedPerShop: the relay's attempts to one shop that one process has begun and not yet
 * recorded — what a process killed with kill -9 leaves for the next to send again.
 * retentionDays: deliveries and their attempts are kept this long.
 */
export const AdvancedConfig = Type.Object(
  {
    retryScheduleMs: Type.Array(Type.Integer({ minimum: 0 }), {
      maxItems: 50,
      default: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    }),
    deliveryTimeoutMs: Type.Integer({ minimum: 100, maximum: 60_000, default: 10_000 }),
    disableAfterFailingMs: Type.Integer({ minimum: 1_000, default: 5 * 24 * 3_600_000 }),
    secretGraceMs: Type.Integer({ minimum: 0, default: 24 * 3_600_000 }),
    maxInFlightPerShop: Type.Integer({ minimum: 1, maximum: 64, default: 4 }),
    maxUnrecordedPerShop: Type.Integer({ minimum: 1, maximum: 1_000, default: 40 }),
    retentionDays: Type.Integer({ minimum: 1, default: 30 }),
  },
  { additionalProperties: false, default: {} },
);
export type AdvancedConfig = Static<typeof AdvancedConfig>;
