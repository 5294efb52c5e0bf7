import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop } from '../util/polling-loop.js';
import { sql } from '../db/sql.js';
import type { ShopScope } from '../tools/shop-scope.js';
import type { ShopContext } from '../plugin/plugin-types.js';
import type { OutboxConsumer, OutboxOutcome } from './outbox-map.js';
import type { OutboxWiring } from './outbox.js';
import { nextAttemptDelay } from './next-attempt-delay.js';

export interface OutboxRelayConfig {
  pollMs: number;
  batchSize: number;
  concurrency: number;
  /** How long a claim holds a message; a relay that dies mid-delivery frees it after this. */
  leaseMs: number;
  /** A delivery running longer fails its attempt (it must stay well under the lease). */
  deliveryTimeoutMs: number;
  retryScheduleMs: readonly number[];
}

export interface RegisteredConsumer {
  group: string;
  consumer: OutboxConsumer;
  schedule: readonly number[];
}

interface Claimed {
  id: number;
  event_id: string;
  shop_id: number;
  topic: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
}

/**
 * Delivers outbox messages after their transaction commits, at least once. Any number of server
 * processes run one each over the same table: a pass claims due messages with SKIP LOCKED and a
 * lease, delivers them through their topic's consumer, and records the outcome. A failed attempt
 * is retried on the consumer's schedule; after the last one the message is exhausted. Topics whose
 * group is not enabled here are left for a process that has it.
 */
export class OutboxRelay {
  private readonly loop: PollingLoop;
  private readonly waiting = new WeakSet<EntityManager>();
  private scope!: ShopScope;

  constructor(
    private readonly orm: MikroORM,
    private readonly consumers: ReadonlyMap<string, RegisteredConsumer>,
    private readonly config: OutboxRelayConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new PollingLoop(
      () => this.deliverDue(),
      config.pollMs,
      (err) => log.error({ err }, 'outbox relay pass failed'),
    );
    // Every commit of the process passes here: only a server with consumers listens.
    if (consumers.size > 0)
      orm.em.getEventManager().registerSubscriber({
        afterTransactionCommit: async ({ em }) => {
          if (this.waiting.has(em as EntityManager)) this.loop.wake();
        },
      });
  }

  /** The scope runs deliveries, and its outboxes need the relay's wiring first: the two are made, then joined. */
  attach(scope: ShopScope): void {
    this.scope = scope;
  }

  /** What every scope's outbox needs from the relay. */
  wiring(): OutboxWiring {
    return { topics: new Set(this.consumers.keys()), wakeAfterCommit: (em) => this.waiting.add(em) };
  }

  start(): void {
    if (this.consumers.size > 0) this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass: claims and delivers what is due; true when it claimed anything. */
  async deliverDue(): Promise<boolean> {
    const claimed = await this.claim();
    if (claimed.length === 0) return false;
    const shops = new Map<number, Promise<ShopContext | null>>();
    const shopOf = (id: number) => shops.get(id) ?? shops.set(id, this.scope.loadShop(id)).get(id)!;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const message = claimed[next++]!;
        await this.deliver(message, await shopOf(message.shop_id));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.concurrency, claimed.length) }, worker));
    return true;
  }

  private async claim(): Promise<Claimed[]> {
    const rows = await this.orm.em.fork().execute<Claimed[]>(
      `update "outbox_messages" m set "locked_until" = now() + ? * interval '1 millisecond', "attempts" = m."attempts" + 1
       where m."id" in (
         select "id" from "outbox_messages"
         where "status" = 'pending' and "available_at" <= now() and ("locked_until" is null or "locked_until" <= now())
           and "topic" in (select json_array_elements_text(?::json))
         order by "available_at", "id" limit ? for update skip locked)
       returning m."id", m."event_id", m."shop_id", m."topic", m."payload", m."attempts", m."created_at"`,
      [this.config.leaseMs, JSON.stringify([...this.consumers.keys()]), this.config.batchSize],
    );
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async deliver(message: Claimed, shop: ShopContext | null): Promise<void> {
    const { group, consumer, schedule } = this.consumers.get(message.topic)!;
    if (!shop) return this.finish(message, 'abandoned', 'the shop no longer exists');
    let outcome: void | OutboxOutcome;
    try {
      outcome = await this.withDeadline(
        this.scope.run(
          shop,
          (ctx) =>
            consumer.deliver(
              {
                eventId: message.event_id,
                topic: message.topic,
                payload: message.payload,
                attempt: message.attempts,
                lastAttempt: message.attempts > schedule.length,
                createdAt: new Date(message.created_at),
              },
              ctx,
            ),
          { group, requestId: message.event_id },
        ),
      );
    } catch (err) {
      outcome = { outcome: 'retry', error: err instanceof Error ? err.message : String(err) };
    }
    if (!outcome) return this.finish(message, 'delivered', null);
    if (outcome.outcome === 'abandon') return this.finish(message, 'abandoned', outcome.error);
    const delay = nextAttemptDelay(schedule, message.attempts, outcome.afterMs);
    if (delay === null) return this.finish(message, 'exhausted', outcome.error);
    this.log.warn(
      { eventId: message.event_id, topic: message.topic, attempt: message.attempts, error: outcome.error },
      'outbox delivery failed; retrying',
    );
    await sql(
      this.orm.em,
      `update "outbox_messages" set "available_at" = now() + $1::int * interval '1 millisecond', "locked_until" = null, "last_error" = $2
         where "id" = $3 and "attempts" = $4 and "status" = 'pending'`,
      [delay, outcome.error.slice(0, 2000), message.id, message.attempts],
    );
  }

  /** Guarded by the attempt, so a relay whose lease ran out cannot overwrite the next claim's outcome. */
  private async finish(message: Claimed, status: 'delivered' | 'exhausted' | 'abandoned', error: string | null) {
    if (status !== 'delivered')
      this.log.warn(
        { eventId: message.event_id, topic: message.topic, attempt: message.attempts, error },
        `outbox message ${status}`,
      );
    // sql(), not em.execute: this runs once per message, and knex's statement building costs more than the update.
    await sql(
      this.orm.em,
      `update "outbox_messages" set "status" = $1, "finished_at" = now(), "locked_until" = null, "last_error" = coalesce($2, "last_error")
       where "id" = $3 and "attempts" = $4 and "status" = 'pending'`,
      [status, error?.slice(0, 2000) ?? null, message.id, message.attempts],
    );
  }

  private withDeadline<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`delivery took longer than ${this.config.deliveryTimeoutMs} ms`)),
        this.config.deliveryTimeoutMs,
      );
    });
    return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
  }
}
