import { Type, type Static } from '../../core/index.js';

/**
 * worker: each server process runs one; it claims runnable runs (`FOR UPDATE SKIP LOCKED`) and
 * advances up to `concurrency` at a time. A claimed run belongs to its worker for `leaseSeconds`
 * (renewed with every step): a worker killed mid-run leaves it to another after that. pollMs: how
 * often an idle worker looks for due runs (waits that ended); new runs wake it at once.
 * http.allowLoopback: lets http_request steps reach 127.0.0.1 (tests only; the network guard
 * refuses private addresses otherwise). retentionDays: finished runs and their step logs go after
 * this long (never a run still waiting).
 */
export const AutomationConfig = Type.Object(
  {
    worker: Type.Object(
      {
        enabled: Type.Boolean({ default: true }),
        pollMs: Type.Integer({ minimum: 10, maximum: 60_000, default: 1_000 }),
        leaseSeconds: Type.Integer({ minimum: 1, maximum: 3_600, default: 60 }),
        concurrency: Type.Integer({ minimum: 1, maximum: 64, default: 8 }),
        batch: Type.Integer({ minimum: 1, maximum: 1_000, default: 50 }),
      },
      { additionalProperties: false, default: {} },
    ),
    httpTimeoutMs: Type.Integer({ minimum: 100, maximum: 30_000, default: 5_000 }),
    retentionDays: Type.Integer({ minimum: 1, default: 30 }),
  },
  { additionalProperties: false, default: {} },
);
export type AutomationConfig = Static<typeof AutomationConfig>;
