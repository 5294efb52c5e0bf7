import { sql, type EntityManager } from '../../../core/index.js';
import type { EngineLabel } from '../channel/channel-port.js';
import type { WireEvent } from '../channel/wire-format.js';
import { SandboxEvent } from './entities/sandbox-event.entity.js';
import { newEventId } from './sandbox-ids.js';
import { SANDBOX_LABEL } from './sandbox-label.js';
import { retryDelayMs, type SandboxTimings } from './sandbox-timings.js';

/**
 * Where the engine's events go, in id order: the in-process adapter's handler, or the signed
 * webhook. A throw fails the whole batch.
 */
export type EventSink = (events: WireEvent[]) => Promise<void>;

/** Events one dispatch claims and hands to the sink at once. */
const DISPATCH_BATCH = 1000;

/** The part of an event its author supplies, per event type (distributes over the union). */
type BodyOf<E> = E extends WireEvent ? Pick<E, 'type' | 'data'> : never;
type EventBody = BodyOf<WireEvent>;

export interface QueuedEvent {
  sessionKey: string;
  body: EventBody;
  at: Date;
}

/**
 * The event as the sink receives it (recordEvent writes it; a plain statement may write it itself).
 * `label` names the engine that produced it: the session service's real engine queues its events here too.
 */
export function payloadOf({ sessionKey, body, at }: QueuedEvent, label: EngineLabel = SANDBOX_LABEL): WireEvent {
  return {
    id: newEventId(),
    session_key: sessionKey,
    occurred_at: at.toISOString(),
    engine: label.engine,
    sandbox: label.sandbox,
    ...body,
  } as WireEvent;
}

/** Queues an event in the caller's unit of work: it commits, or vanishes, with the change it reports. */
export function recordEvent(
  em: EntityManager,
  engine: string,
  sessionKey: string,
  body: EventBody,
  at = new Date(),
): void {
  const payload = payloadOf({ sessionKey, body, at });
  em.create(SandboxEvent, {
    engine,
    eventId: payload.id,
    sessionKey,
    type: payload.type,
    payload,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: at,
  } as SandboxEvent);
}

/** recordEvent for many, as one insert in the caller's transaction; ids follow the list's order. */
export async function recordEvents(
  em: EntityManager,
  engine: string,
  events: QueuedEvent[],
  label: EngineLabel = SANDBOX_LABEL,
): Promise<void> {
  if (events.length === 0) return;
  await sql(
    em,
    `insert into sandbox_events (engine, event_id, session_key, type, payload, state, attempts, next_attempt_at, created_at)
     select $1, e.payload->>'id', e.payload->>'session_key', e.payload->>'type', e.payload, 'pending', 0, e.at, e.at
     from rows from (json_to_recordset($2::json) as (payload jsonb, at timestamptz)) with ordinality as e(payload, at, n)
     order by e.n`,
    [engine, JSON.stringify(events.map((event) => ({ payload: payloadOf(event, label), at: event.at })))],
  );
}

interface ClaimedRow {
  id: string;
  session_key: string;
  payload: WireEvent;
  attempts: number;
}

/**
 * Delivers due events in id order, a claimed batch at a time. A claim moves next_attempt_at
 * forward by the lease instead of holding a transaction open during delivery: the sink may itself
 * write to the database (on the embedded engine a second connection would wait behind an open
 * transaction).
 */
export class SandboxOutbox {
  constructor(
    private readonly rootEm: EntityManager,
    private readonly engine: string,
    private readonly timings: SandboxTimings,
  ) {}

  /**
   * Returns how many events were delivered. A batch the sink refuses is delivered again one event
   * at a time, so that only the event that fails (and its line's events behind it) waits for a retry.
   */
  async dispatch(sink: EventSink, batchSize = DISPATCH_BATCH): Promise<number> {
    const em = this.rootEm.fork();
    const claimed = await this.claim(em, batchSize);
    if (claimed.length === 0) return 0;
    try {
      await sink(claimed.map((row) => row.payload));
    } catch (err) {
      if (claimed.length > 1) return this.oneByOne(em, sink, claimed);
      await this.failed(em, claimed, 0, err as Error);
      return 0;
    }
    await this.delivered(em, claimed);
    return claimed.length;
  }

  /** When the earliest pending event (a retry, or one another process leased) may be claimed. */
  async nextDueAt(): Promise<number | null> {
    const [row] = await sql<{ due: string | null }>(
      this.rootEm,
      `select min("next_attempt_at") due from "sandbox_events" where "engine" = $1 and "state" = 'pending'`,
      [this.engine],
    );
    return row?.due ? new Date(row.due).getTime() : null;
  }

  private async oneByOne(em: EntityManager, sink: EventSink, claimed: ClaimedRow[]): Promise<number> {
    for (const [index, row] of claimed.entries()) {
      try {
        await sink([row.payload]);
      } catch (err) {
        await this.delivered(em, claimed.slice(0, index));
        await this.failed(em, claimed, index, err as Error);
        return index;
      }
    }
    await this.delivered(em, claimed);
    return claimed.length;
  }

  /**
   * Pending events are the newest ids, behind every delivered one. Asked for "engine = $1 order by
   * id", the planner may walk the primary key in id order through every delivered event first (it
   * does when the statistics are stale or the partial index is swollen with entries of events
   * delivered since the last vacuum): 150 ms a claim behind 250,000 delivered events. Asked for
   * "engine = any(…) order by engine, id", only the partial index of pending events gives that
   * order, so it reads that in order and stops at the batch: ~2 ms whatever the history.
   */
  private async claim(em: EntityManager, batchSize: number): Promise<ClaimedRow[]> {
    const now = Date.now();
    const claimed = await sql<ClaimedRow>(
      em,
      `update "sandbox_events" set "next_attempt_at" = $1
       where "id" in (select "id" from "sandbox_events" where "engine" = any(array[$2]) and "state" = 'pending' and "next_attempt_at" <= $3
                      order by "engine", "id" limit $4 for update skip locked)
       returning "id", "session_key", "payload", "attempts"`,
      [new Date(now + this.timings.deliveryLeaseMs), this.engine, new Date(now), batchSize],
    );
    return claimed.sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async delivered(em: EntityManager, rows: ClaimedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await sql(
      em,
      `update "sandbox_events" set "state" = 'delivered', "delivered_at" = $1, "last_error" = null where "id" = any($2::bigint[])`,
      [new Date(), rows.map((r) => r.id)],
    );
  }

  /**
   * The failed event waits with backoff; the later events of its line wait behind it, keeping that
   * line's order. The other lines' events give up the lease, for the next dispatch to take at once.
   */
  private async failed(em: EntityManager, claimed: ClaimedRow[], index: number, err: Error): Promise<void> {
    const row = claimed[index]!;
    const attempts = row.attempts + 1;
    const retryAt = new Date(Date.now() + retryDelayMs(attempts));
    const state = attempts >= this.timings.maxDeliveryAttempts ? 'failed' : 'pending';
    await em.execute(
      `update "sandbox_events" set "attempts" = ?, "state" = ?, "next_attempt_at" = ?, "last_error" = ? where "id" = ?`,
      [attempts, state, retryAt, err.message.slice(0, 2000), row.id],
    );
    const rest = claimed.slice(index + 1);
    if (rest.length === 0) return;
    await em.execute(
      `update "sandbox_events" set "next_attempt_at" = case when "session_key" = ? then ?::timestamptz else ?::timestamptz end where "id" in (?)`,
      [row.session_key, retryAt, new Date(), rest.map((r) => r.id)],
    );
  }
}
