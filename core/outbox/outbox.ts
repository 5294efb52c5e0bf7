import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { KernelError } from '../errors/kernel-error.js';
import { sql } from '../db/sql.js';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { OutboxMap, OutboxTopic } from './outbox-map.js';

/** What the kernel wires into every scope's outbox: the topics some enabled group delivers, and the relay's wake-up. */
export interface OutboxWiring {
  topics: ReadonlySet<string>;
  /** Wakes the relay once the transaction of `em` commits. */
  wakeAfterCommit(em: EntityManager): void;
}

export interface EnqueueOptions {
  /** Deliver no sooner than this many milliseconds after the commit (a delayed trigger). */
  delayMs?: number;
}

/**
 * `services.outbox`: writes messages that leave the process in the caller's transaction, so a
 * change that commits always sends them and one that rolls back never does. Only inside a
 * transaction: written outside one, a message could go out for a change that never happened.
 */
export class Outbox {
  constructor(
    private readonly em: EntityManager,
    private readonly shop: ShopContext | undefined,
    private readonly wiring: OutboxWiring,
  ) {}

  /** Writes one message; returns its event id. */
  async enqueue<K extends OutboxTopic>(topic: K, payload: OutboxMap[K], options?: EnqueueOptions): Promise<string> {
    const [eventId] = await this.enqueueMany(topic, [payload], options);
    return eventId!;
  }

  /** Writes a batch in one statement; returns their event ids, in order. */
  async enqueueMany<K extends OutboxTopic>(
    topic: K,
    payloads: readonly OutboxMap[K][],
    options: EnqueueOptions = {},
  ): Promise<string[]> {
    const shopId = this.writable(topic);
    if (payloads.length === 0) return [];
    const rows = payloads.map((payload) => ({ event_id: `evt_${randomUUID().replaceAll('-', '')}`, payload }));
    await sql(
      this.em,
      `insert into "outbox_messages" ("event_id", "shop_id", "topic", "payload", "status", "attempts", "available_at", "created_at")
       select v.event_id, $1, $2, v.payload, 'pending', 0, now() + $3::int * interval '1 millisecond', now()
       from json_to_recordset($4::json) as v(event_id text, payload jsonb)`,
      [shopId, topic, Math.max(0, options.delayMs ?? 0), JSON.stringify(rows)],
    );
    this.wiring.wakeAfterCommit(this.em);
    return rows.map((r) => r.event_id);
  }

  /**
   * Offers the shop's exhausted messages of a topic again, from attempt 1 (a receiver that is back
   * up); `since` limits it to messages created from then on. Returns how many.
   */
  async retryExhausted(topic: OutboxTopic, options: { since?: Date } = {}): Promise<number> {
    const shopId = this.writable(topic);
    const rows = await sql<{ id: number }>(
      this.em,
      `update "outbox_messages" set "status" = 'pending', "attempts" = 0, "available_at" = now(), "finished_at" = null
       where "shop_id" = $1 and "topic" = $2 and "status" = 'exhausted' and "created_at" >= $3 returning "id"`,
      [shopId, topic, options.since ?? new Date(0)],
    );
    if (rows.length > 0) this.wiring.wakeAfterCommit(this.em);
    return rows.length;
  }

  private writable(topic: string): number {
    if (!this.wiring.topics.has(topic))
      throw new KernelError('KRN_ERR_OUTBOX_TOPIC', `no enabled group delivers outbox topic "${topic}"`, { topic });
    if (!this.shop) throw new KernelError('KRN_ERR_NO_TENANT', 'the outbox is written for a shop');
    if (!this.em.isInTransaction())
      throw new KernelError(
        'KRN_ERR_OUTBOX_NO_TRANSACTION',
        `outbox topic "${topic}" is written inside the transaction of the change that causes it`,
        { topic },
      );
    return this.shop.id;
  }
}
