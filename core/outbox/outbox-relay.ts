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

/** Passes of the loop delivering at once (see overlappingPass). */
const PASSES_IN_FLIGHT = 2;

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
  private readonly passes = new Set<Promise<void>>();
  private scope!: ShopScope;

  constructor(
    private readonly orm: MikroORM,
    private readonly consumers: ReadonlyMap<string, RegisteredConsumer>,
    private readonly config: OutboxRelayConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new PollingLoop(
      () => this.overlappingPass(),
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

  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all(this.passes);
  }

  /**
   * The loop's pass: claims while the pass before it still delivers (at most PASSES_IN_FLIGHT at
   * once), so the claim, the reads and the recording of one pass overlap the requests of another
   * instead of leaving the receivers idle meanwhile. Claims are leased, so two passes never take
   * the same message.
   */
  private async overlappingPass(): Promise<boolean> {
    while (this.passes.size >= PASSES_IN_FLIGHT) await Promise.race(this.passes);
    const claimed = await this.claim();
    if (claimed.length === 0) return false;
    const pass: Promise<void> = this.deliverClaimed(claimed)
      .catch((err: unknown) => this.log.error({ err }, 'outbox relay pass failed'))
      .finally(() => this.passes.delete(pass));
    this.passes.add(pass);
    return true;
  }

  /**
   * One pass: claims and delivers what is due; true when it claimed anything (delivered by the time
   * it returns). Messages of batch consumers go as one batch per topic and shop; the others one by
   * one; the workers share both.
   */
  async deliverDue(): Promise<boolean> {
    const claimed = await this.claim();
    if (claimed.length === 0) return false;
    await this.deliverClaimed(claimed);
    return true;
  }

  private async deliverClaimed(claimed: Claimed[]): Promise<void> {
    const shops = new Map<number, Promise<ShopContext | null>>();
    const shopOf = (id: number) => shops.get(id) ?? shops.set(id, this.scope.loadShop(id)).get(id)!;
    const work: (() => Promise<void>)[] = [];
    const batches = new Map<string, Claimed[]>();
    for (const message of claimed) {
      if (!this.consumers.get(message.topic)!.consumer.deliverBatch) {
        work.push(async () => this.deliver(message, await shopOf(message.shop_id)));
        continue;
      }
      const key = `${message.topic} ${message.shop_id}`;
      if (!batches.has(key)) {
        const batch: Claimed[] = [];
        batches.set(key, batch);
        work.push(async () => this.deliverBatch(batch, await shopOf(message.shop_id)));
      }
      batches.get(key)!.push(message);
    }
    let next = 0;
    const worker = async () => {
      while (next < work.length) await work[next++]!();
    };
    await Promise.all(Array.from({ length: Math.min(this.config.concurrency, work.length) }, worker));
  }

  private async deliverBatch(messages: Claimed[], shop: ShopContext | null): Promise<void> {
    const { group, consumer, schedule } = this.consumers.get(messages[0]!.topic)!;
    if (!shop)
      return this.settle(
        messages.map((m) => ({ message: m, outcome: { outcome: 'abandon', error: 'the shop no longer exists' } })),
        schedule,
      );
    let outcomes: (void | OutboxOutcome)[];
    try {
      outcomes = await this.withDeadline(
        this.scope.run(
          shop,
          (ctx) =>
            consumer.deliverBatch!(
              messages.map((m) => this.deliveryOf(m, schedule)),
              ctx,
            ),
          {
            group,
            requestId: messages[0]!.event_id,
          },
        ),
      );
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      outcomes = messages.map(() => ({ outcome: 'retry', error }));
    }
    await this.settle(
      messages.map((message, i) => ({ message, outcome: outcomes[i] })),
      schedule,
    );
  }

  /**
   * Outcomes in one statement (one message, or a batch's), each guarded by its attempt, so a relay
   * whose lease ran out cannot overwrite the next claim's outcome.
   */
  private async settle(results: { message: Claimed; outcome: void | OutboxOutcome }[], schedule: readonly number[]) {
    const rows = results.map(({ message, outcome }) => {
      if (!outcome)
        return { id: message.id, attempts: message.attempts, status: 'delivered', delay: null, error: null };
      const error = outcome.error.slice(0, 2000);
      if (outcome.outcome === 'abandon')
        return { id: message.id, attempts: message.attempts, status: 'abandoned', delay: null, error };
      const delay = nextAttemptDelay(schedule, message.attempts, outcome.afterMs);
      return delay === null
        ? { id: message.id, attempts: message.attempts, status: 'exhausted', delay: null, error }
        : { id: message.id, attempts: message.attempts, status: 'pending', delay, error };
    });
    const failed = rows.filter((r) => r.status !== 'delivered');
    if (failed.length > 0)
      this.log.warn(
        { topic: results[0]!.message.topic, failed: failed.length, of: rows.length, error: failed[0]!.error },
        'outbox deliveries failed',
      );
    await sql(
      this.orm.em,
      `update "outbox_messages" m set "status" = v.status, "locked_until" = null,
         "finished_at" = case when v.status = 'pending' then null else now() end,
         "available_at" = case when v.status = 'pending' then now() + v.delay * interval '1 millisecond' else m."available_at" end,
         "last_error" = coalesce(v.error, m."last_error")
       from json_to_recordset($1::json) as v(id bigint, attempts int, status text, delay int, error text)
       where m."id" = v.id and m."attempts" = v.attempts and m."status" = 'pending'`,
      [JSON.stringify(rows)],
    );
  }

  private deliveryOf(message: Claimed, schedule: readonly number[]) {
    return {
      eventId: message.event_id,
      topic: message.topic,
      payload: message.payload,
      attempt: message.attempts,
      lastAttempt: message.attempts > schedule.length,
      createdAt: new Date(message.created_at),
    };
  }

  private async claim(): Promise<Claimed[]> {
    // A plain statement: an idle relay runs it every poll.
    const rows = await sql<Claimed>(
      this.orm.em,
      `update "outbox_messages" m set "locked_until" = now() + $1::int * interval '1 millisecond', "attempts" = m."attempts" + 1
       where m."id" in (
         select "id" from "outbox_messages"
         where "status" = 'pending' and "available_at" <= now() and ("locked_until" is null or "locked_until" <= now())
           and "topic" in (select json_array_elements_text($2::json))
         order by "available_at", "id" limit $3 for update skip locked)
       returning m."id", m."event_id", m."shop_id", m."topic", m."payload", m."attempts", m."created_at"`,
      [this.config.leaseMs, JSON.stringify([...this.consumers.keys()]), this.config.batchSize],
    );
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async deliver(message: Claimed, shop: ShopContext | null): Promise<void> {
    const { group, consumer, schedule } = this.consumers.get(message.topic)!;
    let outcome: void | OutboxOutcome = { outcome: 'abandon', error: 'the shop no longer exists' };
    if (shop)
      try {
        outcome = await this.withDeadline(
          this.scope.run(shop, (ctx) => consumer.deliver!(this.deliveryOf(message, schedule), ctx), {
            group,
            requestId: message.event_id,
          }),
        );
      } catch (err) {
        outcome = { outcome: 'retry', error: err instanceof Error ? err.message : String(err) };
      }
    await this.settle([{ message, outcome }], schedule);
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
