import { Type, type Static } from '../../core/index.js';

/**
 * deliveryBatch: deliveries claimed per step of the delivery job; a tick keeps claiming until none
 * are due or deliveryTickBudgetMs has passed (the next tick goes on). claimTimeoutSeconds: a
 * delivery left `sending` this long belongs to a process that died and is claimed again (its
 * idempotency key makes the resend harmless). tooLateMinutes: a reminder planned after its due
 * time is still sent when the event starts at least this many minutes later, else skipped.
 */
export const CalendarConfig = Type.Object(
  {
    deliveryBatch: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
    deliveryTickBudgetMs: Type.Integer({ minimum: 100, default: 50_000 }),
    claimTimeoutSeconds: Type.Integer({ minimum: 1, default: 120 }),
    tooLateMinutes: Type.Integer({ minimum: 0, default: 15 }),
  },
  { additionalProperties: false, default: {} },
);
export type CalendarConfig = Static<typeof CalendarConfig>;
