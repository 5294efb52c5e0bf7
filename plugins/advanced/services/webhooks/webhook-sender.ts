import type { AdvancedConfig } from '../../config.js';
import { notFound, sql, type OutboxDelivery, type OutboxOutcome, type ServiceDeps } from '../../../../core/index.js';
import type { AttemptTrigger, DeliveryStatus } from '../../entities/values.js';
import { sendWebhook, type AttemptResult } from './send-webhook.js';
import { signWebhook } from './sign-webhook.js';
import { TEST_EVENT_TYPE } from './event-catalogue.js';
import type { WebhookDeliveryMessage, WebhookEnvelope } from './webhook-recorder.js';
import type { AdvancedWebhooksDisabled } from '../../surface.js';

interface DeliveryRow {
  delivery_id: string;
  payload: WebhookEnvelope;
  status: DeliveryStatus;
  enabled: boolean | null;
  endpoint_status: string | null;
  url: string | null;
  secret_sealed: string | null;
  previous_secret_sealed: string | null;
  previous_secret_until: string | null;
}

interface AttemptRecord {
  deliveryId: string;
  result: AttemptResult;
  trigger: AttemptTrigger;
  status: DeliveryStatus;
  /** undefined: the delivery keeps its next attempt time. */
  nextAttemptAt: Date | null | undefined;
}

/** One attempt as the tools show it. */
export interface AttemptReport {
  delivery_id: string;
  succeeded: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
  headers_sent: Record<string, string>;
}

/**
 * Sends deliveries: the relay's attempts (on the retry schedule), a redelivery or a test event
 * now. Each attempt is signed afresh, sent with no transaction open, and recorded with the
 * delivery's new state and the endpoint's health in one statement.
 */
export class WebhookSender {
  constructor(private readonly deps: ServiceDeps<AdvancedConfig>) {}

  /**
   * The outbox consumer: the shop's claimed deliveries of one relay pass, read in one statement,
   * sent concurrently (at most maxInFlightPerShop at once), recorded as they complete; the outcome
   * of each tells the relay what comes next. A recorded success is never sent again, and an attempt
   * begins only while this process has fewer than maxUnrecordedPerShop of the shop's begun and not
   * recorded (across the relay's overlapping passes), so a process killed mid-batch repeats at most
   * that many.
   */
  async deliverBatch(messages: OutboxDelivery<WebhookDeliveryMessage>[]): Promise<(void | OutboxOutcome)[]> {
    const rows = new Map((await this.load(messages.map((m) => m.payload.delivery_id))).map((r) => [r.delivery_id, r]));
    const { shop, advancedWebhookUnrecorded } = this.deps;
    const recorder = new AttemptRecorder(
      (records) => this.record(records),
      (recorded) => advancedWebhookUnrecorded.release(shop.id, recorded),
    );
    const settled: { deliveryId: string; reason: string }[] = [];
    const outcomes = await Promise.all(
      messages.map(async (message): Promise<void | OutboxOutcome> => {
        const row = rows.get(message.payload.delivery_id);
        // Gone with retention, or already settled by a redelivery: nothing left to send.
        if (!row || row.status === 'succeeded' || row.status === 'exhausted') return;
        const keys = row.enabled && row.endpoint_status === 'active' ? this.keysOf(row) : null;
        if (!keys) {
          const reason = !row.enabled
            ? 'webhooks were disabled; not sent'
            : 'the endpoint was disabled after failing for too long; not sent';
          settled.push({ deliveryId: row.delivery_id, reason });
          return { outcome: 'abandon', error: reason };
        }
        await advancedWebhookUnrecorded.acquire(shop.id);
        const { result } = await this.attempt(row, keys).catch((err: unknown) => {
          advancedWebhookUnrecorded.release(shop.id);
          throw err;
        });
        const record = { deliveryId: row.delivery_id, result, trigger: message.payload.trigger };
        const step = this.deps.config.retryScheduleMs[message.attempt - 1];
        if (result.succeeded) {
          recorder.add({ ...record, status: 'succeeded', nextAttemptAt: null });
          return;
        }
        const gone = result.statusCode === 410;
        if (gone || message.lastAttempt || step === undefined) {
          recorder.add({ ...record, status: 'exhausted', nextAttemptAt: null });
          return gone
            ? { outcome: 'abandon', error: 'the receiver answered 410 Gone' }
            : { outcome: 'retry', error: result.error ?? 'failed' };
        }
        // The schedule's step, 10 % of jitter below it, or sooner when the receiver asks (Retry-After).
        const wait = Math.min(result.retryAfterMs ?? step, Math.round(step * (0.9 + 0.1 * Math.random())));
        recorder.add({ ...record, status: 'failed', nextAttemptAt: new Date(Date.now() + wait) });
        return { outcome: 'retry', error: result.error ?? 'failed', afterMs: wait };
      }),
    );
    await this.settle(settled);
    await recorder.flush();
    return outcomes;
  }

  /** redeliver_webhook: one attempt now, same id, fresh signature; the schedule is left as it is. */
  async redeliver(deliveryId: string): Promise<AttemptReport> {
    const [row] = await this.load([deliveryId]);
    if (!row) throw notFound('webhook_delivery', deliveryId);
    const keys = await this.deps.advancedWebhookEndpoints.requireKeys();
    const { result, headers } = await this.attempt(row, keys);
    // A delivery that arrived once stays delivered; one still on its schedule stays on it.
    const status: DeliveryStatus = result.succeeded ? 'succeeded' : row.status;
    await this.record([
      { deliveryId: row.delivery_id, result, trigger: 'redeliver', status, nextAttemptAt: undefined },
    ]);
    return this.report(row.delivery_id, result, headers);
  }

  /** send_test_webhook: a `webhook.test` delivery tried once now, enabled or not. */
  async sendTest(eventType: string): Promise<AttemptReport> {
    const keys = await this.deps.advancedWebhookEndpoints.requireKeys();
    const data = {
      test: true,
      message: 'A test event sent by send_test_webhook.',
      ...(eventType !== TEST_EVENT_TYPE && { sample_of: eventType }),
    };
    const [inserted] = await this.deps.advancedWebhookRecorder.insert(TEST_EVENT_TYPE, [data], {
      subscribedOnly: false,
    });
    const id = inserted!.delivery_id;
    const [row] = await this.load([id]);
    const { result, headers } = await this.attempt(row!, keys);
    await this.record([
      {
        deliveryId: id,
        result,
        trigger: 'test',
        status: result.succeeded ? 'succeeded' : 'exhausted',
        nextAttemptAt: null,
      },
    ]);
    return this.report(id, result, headers);
  }

  private async attempt(
    row: DeliveryRow,
    keys: { url: string; secrets: string[] },
  ): Promise<{ result: AttemptResult; headers: Record<string, string> }> {
    const { shop, advancedWebhookShopGate, networkGuard, config } = this.deps;
    const request = signWebhook(row.payload, JSON.stringify(row.payload), keys.secrets);
    const result = await advancedWebhookShopGate.run(shop.id, () =>
      sendWebhook(networkGuard, keys.url, request, config.deliveryTimeoutMs),
    );
    return { result, headers: request.headers };
  }

  /**
   * The attempts, the deliveries' new states and the endpoint's health, in one statement (atomic,
   * one round trip). `nextAttemptAt` undefined keeps the delivery's. Test attempts leave the
   * endpoint's health alone; a success clears its run of failures, and a batch with only failures
   * makes it `disabled_failing` once every attempt has failed for disableAfterFailingMs.
   */
  private async record(records: AttemptRecord[]): Promise<void> {
    if (records.length === 0) return;
    const { em, shop, config } = this.deps;
    const health = records.filter((r) => r.trigger !== 'test');
    const [endpoint] = await sql<{ url: string; failing_since: Date; disabled_at: Date; just_disabled: boolean }>(
      em,
      `with v as (
         select * from json_to_recordset($2::json) as v(delivery_id text, trigger text, succeeded boolean, status_code int,
           duration_ms int, error text, response_excerpt text, status text, keep_next boolean, next_attempt_at timestamptz)
       ), attempt as (
         insert into "webhook_attempts" ("shop_id", "delivery_id", "trigger", "succeeded", "status_code", "duration_ms", "error", "response_excerpt", "attempted_at")
         select $1, v.delivery_id, v.trigger, v.succeeded, v.status_code, v.duration_ms, v.error, v.response_excerpt, now() from v
       ), delivery as (
         update "webhook_deliveries" d set "status" = v.status, "attempts" = d."attempts" + 1, "last_status_code" = v.status_code,
           "last_error" = v.error,
           "next_attempt_at" = case when v.keep_next then d."next_attempt_at" else v.next_attempt_at end,
           "finished_at" = case when v.status in ('succeeded', 'exhausted') then coalesce(d."finished_at", now()) else null end
         from v where d."shop_id" = $1 and d."delivery_id" = v.delivery_id
       )
       update "webhook_endpoints" set
         "failing_since" = case when $3 then null else coalesce("failing_since", now()) end,
         "status" = case when not $3 and coalesce("failing_since", now()) <= now() - $4::int * interval '1 millisecond' then 'disabled_failing' else "status" end,
         "disabled_at" = case when not $3 and "status" = 'active' and coalesce("failing_since", now()) <= now() - $4::int * interval '1 millisecond' then now() else "disabled_at" end
       where "shop_id" = $1 and $5 and ($3 = false or "failing_since" is not null)
       returning "url", "failing_since", "disabled_at", "disabled_at" = now() as "just_disabled"`,
      [
        shop.id,
        JSON.stringify(
          records.map((r) => ({
            delivery_id: r.deliveryId,
            trigger: r.trigger,
            succeeded: r.result.succeeded,
            status_code: r.result.statusCode,
            duration_ms: r.result.durationMs,
            error: r.result.error,
            response_excerpt: r.result.responseExcerpt,
            status: r.status,
            keep_next: r.nextAttemptAt === undefined,
            next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
          })),
        ),
        health.some((r) => r.result.succeeded),
        config.disableAfterFailingMs,
        health.length > 0,
      ],
    );
    // now() is the statement's transaction time: equal only when this very statement set it aside.
    if (endpoint?.just_disabled)
      await this.announce({
        webhook_url: endpoint.url,
        failing_since: new Date(endpoint.failing_since).toISOString(),
        disabled_at: new Date(endpoint.disabled_at).toISOString(),
      });
  }

  /**
   * Attempts run with no transaction open (a request may take seconds); the listeners of the event
   * (the owner's notification) write in one, begun on this unit of work's EntityManager, which
   * their services share.
   */
  private async announce(event: AdvancedWebhooksDisabled): Promise<void> {
    const { em, events } = this.deps;
    if (em.isInTransaction()) return events.emit('advanced.webhooks_disabled', event);
    await em.begin();
    try {
      await events.emit('advanced.webhooks_disabled', event);
      await em.commit();
    } catch (err) {
      await em.rollback();
      throw err;
    }
  }

  /** Deliveries closed without an attempt (webhooks off, endpoint disabled). */
  private async settle(closed: { deliveryId: string; reason: string }[]): Promise<void> {
    if (closed.length === 0) return;
    await sql(
      this.deps.em,
      `update "webhook_deliveries" d set "status" = 'exhausted', "last_error" = v.reason, "next_attempt_at" = null, "finished_at" = now()
       from json_to_recordset($2::json) as v(delivery_id text, reason text)
       where d."shop_id" = $1 and d."delivery_id" = v.delivery_id`,
      [this.deps.shop.id, JSON.stringify(closed.map((c) => ({ delivery_id: c.deliveryId, reason: c.reason })))],
    );
  }

  private load(deliveryIds: readonly string[]): Promise<DeliveryRow[]> {
    return sql<DeliveryRow>(
      this.deps.em,
      `select d."delivery_id", d."payload", d."status", e."enabled", e."status" as "endpoint_status", e."url",
              e."secret_sealed", e."previous_secret_sealed", e."previous_secret_until"
       from "webhook_deliveries" d left join "webhook_endpoints" e on e."shop_id" = d."shop_id"
       where d."shop_id" = $1 and d."delivery_id" = any($2::text[])`,
      [this.deps.shop.id, deliveryIds],
    );
  }

  private keysOf(row: DeliveryRow) {
    return this.deps.advancedWebhookEndpoints.signingKeys({
      url: row.url,
      secretSealed: row.secret_sealed,
      previousSecretSealed: row.previous_secret_sealed,
      previousSecretUntil: row.previous_secret_until,
    });
  }

  private report(deliveryId: string, result: AttemptResult, headers: Record<string, string>): AttemptReport {
    return {
      delivery_id: deliveryId,
      succeeded: result.succeeded,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      error: result.error,
      response_excerpt: result.responseExcerpt,
      headers_sent: headers,
    };
  }
}

/**
 * Records attempts as they complete, one statement at a time: what completed while a statement ran
 * goes in the next, so statements grow with the load. No fixed chunk waits to fill: a partial one
 * would hold places of the unrecorded budget that nothing frees. `release` is told how many attempts
 * each statement took off the books, written or not (after a failed statement nothing more is
 * written: the batch fails and the relay retries it).
 */
class AttemptRecorder {
  private pending: AttemptRecord[] = [];
  private writing: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly write: (records: AttemptRecord[]) => Promise<void>,
    private readonly release: (count: number) => void,
  ) {}

  add(record: AttemptRecord): void {
    if (this.failure) return this.release(1);
    this.pending.push(record);
    this.writing ??= this.drain();
  }

  async flush(): Promise<void> {
    await this.writing;
    if (this.failure) throw this.failure.error;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0) {
        const records = this.pending;
        this.pending = [];
        try {
          await this.write(records);
        } finally {
          this.release(records.length);
        }
      }
    } catch (error) {
      this.failure = { error };
      this.release(this.pending.length);
      this.pending = [];
    } finally {
      this.writing = null;
    }
  }
}
