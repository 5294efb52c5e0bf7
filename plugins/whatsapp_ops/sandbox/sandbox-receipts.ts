import { sql, type EntityManager } from '../../../core/index.js';
import { recordEvents } from './sandbox-outbox.js';
import type { SandboxTimings } from './sandbox-timings.js';

interface AdvancedRow {
  session_key: string;
  provider_message_id: string;
}

/**
 * Simulated receipts: sent → delivered after deliveredAfterMs, delivered → read after readAfterMs.
 * Each step is one guarded UPDATE over locked rows, so a message advances once however many
 * processes run the engine; the receipt event commits with the status change.
 */
export class SandboxReceipts {
  constructor(
    private readonly rootEm: EntityManager,
    private readonly engine: string,
    private readonly timings: SandboxTimings,
  ) {}

  /** Returns how many messages moved on; each step takes up to batchSize of them. */
  async advance(batchSize = 1000): Promise<number> {
    return this.rootEm.fork().transactional(async (em) => {
      const now = new Date();
      const readDue = this.timings.readAfterMs === null ? null : new Date(now.getTime() + this.timings.readAfterMs);
      const delivered = await this.step(
        em,
        'sent',
        `"status" = 'delivered', "delivered_at" = $5, "next_receipt_at" = $6`,
        [now, readDue],
        now,
        batchSize,
      );
      const read = await this.step(
        em,
        'delivered',
        `"status" = 'read', "read_at" = $5, "next_receipt_at" = null`,
        [now],
        now,
        batchSize,
      );
      await recordEvents(em, this.engine, [
        ...delivered.map((row) => receipt(row, 'delivered', now)),
        ...read.map((row) => receipt(row, 'read', now)),
      ]);
      return delivered.length + read.length;
    });
  }

  /** When the earliest waiting receipt is due. */
  async nextDueAt(): Promise<number | null> {
    const [row] = await sql<{ due: string | null }>(
      this.rootEm,
      `select min("next_receipt_at") due from "sandbox_messages" where "engine" = $1 and "status" in ('sent', 'delivered') and "next_receipt_at" is not null`,
      [this.engine],
    );
    return row?.due ? new Date(row.due).getTime() : null;
  }

  private step(
    em: EntityManager,
    from: 'sent' | 'delivered',
    set: string,
    setParams: unknown[],
    now: Date,
    limit: number,
  ) {
    return sql<AdvancedRow>(
      em,
      `with "due" as (select "id" from "sandbox_messages" where "engine" = $1 and "status" = $2 and "next_receipt_at" <= $3
                      order by "next_receipt_at" limit $4 for update skip locked)
       update "sandbox_messages" as "m" set ${set} from "due" where "m"."id" = "due"."id"
       returning "m"."session_key", "m"."provider_message_id"`,
      // The CTE's parameters are $1–$4; the SET clause's follow from $5.
      [this.engine, from, now, limit, ...setParams],
    );
  }
}

const receipt = (row: AdvancedRow, status: 'delivered' | 'read', at: Date) => ({
  sessionKey: row.session_key,
  body: {
    type: 'message.status' as const,
    data: { provider_message_id: row.provider_message_id, status, error: null },
  },
  at,
});
