import type { EntityManager } from '../../../core/index.js';
import type { WireEvent } from '../channel/wire-format.js';
import { SandboxEvent } from './entities/sandbox-event.entity.js';
import { newEventId } from './sandbox-ids.js';
import { SANDBOX_LABEL } from './sandbox-label.js';
import { retryDelayMs, type SandboxTimings } from './sandbox-timings.js';

/** Where the engine's events go: the in-process adapter's handler, or the signed webhook. */
export type EventSink = (event: WireEvent) => Promise<void>;

/** The part of an event its author supplies, per event type (distributes over the union). */
type BodyOf<E> = E extends WireEvent ? Pick<E, 'type' | 'data'> : never;
type EventBody = BodyOf<WireEvent>;

/** Queues an event in the caller's unit of work: it commits, or vanishes, with the change it reports. */
export function recordEvent(em: EntityManager, engine: string, sessionKey: string, body: EventBody, at = new Date()): void {
  const payload = {
    id: newEventId(),
    session_key: sessionKey,
    occurred_at: at.toISOString(),
    engine: SANDBOX_LABEL.engine,
    sandbox: SANDBOX_LABEL.sandbox,
    ...body,
  } as WireEvent;
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

interface ClaimedRow {
  id: string;
  payload: WireEvent;
  attempts: number;
}

/**
 * Delivers due events in id order, one at a time. A claim moves next_attempt_at forward by the
 * lease instead of holding a transaction open during delivery: the sink may itself write to the
 * database (on the embedded engine a second connection would wait behind an open transaction).
 */
export class SandboxOutbox {
  constructor(
    private readonly rootEm: EntityManager,
    private readonly engine: string,
    private readonly timings: SandboxTimings,
  ) {}

  /** Returns how many events were delivered. Stops at the first failure so later events wait behind it. */
  async dispatch(sink: EventSink, batchSize = 50): Promise<number> {
    const em = this.rootEm.fork();
    const now = Date.now();
    const claimed = await em.execute<ClaimedRow[]>(
      `update "sandbox_events" set "next_attempt_at" = ?
       where "id" in (select "id" from "sandbox_events" where "engine" = ? and "state" = 'pending' and "next_attempt_at" <= ?
                      order by "id" limit ? for update skip locked)
       returning "id", "payload", "attempts"`,
      [new Date(now + this.timings.deliveryLeaseMs), this.engine, new Date(now), batchSize],
    );
    claimed.sort((a, b) => Number(a.id) - Number(b.id));
    let delivered = 0;
    for (const [index, row] of claimed.entries()) {
      try {
        await sink(row.payload);
      } catch (err) {
        await this.failed(em, row, claimed.slice(index + 1), (err as Error).message);
        break;
      }
      await em.execute(`update "sandbox_events" set "state" = 'delivered', "delivered_at" = ?, "last_error" = null where "id" = ?`, [new Date(), row.id]);
      delivered++;
    }
    return delivered;
  }

  private async failed(em: EntityManager, row: ClaimedRow, rest: ClaimedRow[], error: string): Promise<void> {
    const attempts = row.attempts + 1;
    const retryAt = new Date(Date.now() + retryDelayMs(attempts));
    const state = attempts >= this.timings.maxDeliveryAttempts ? 'failed' : 'pending';
    await em.execute(`update "sandbox_events" set "attempts" = ?, "state" = ?, "next_attempt_at" = ?, "last_error" = ? where "id" = ?`, [
      attempts,
      state,
      retryAt,
      error.slice(0, 2000),
      row.id,
    ]);
    // Not attempted: give up the lease, but keep them behind the failed one to preserve order.
    if (rest.length) await em.execute(`update "sandbox_events" set "next_attempt_at" = ? where "id" in (${rest.map(() => '?').join(', ')})`, [retryAt, ...rest.map((r) => r.id)]);
  }
}
