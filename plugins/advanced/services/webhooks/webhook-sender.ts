import { notFound, sql, type OutboxOutcome, type Services } from '../../../../core/index.js';
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
  constructor(private readonly deps: Services) {}

  /** The outbox consumer: one scheduled attempt; what it returns tells the relay what comes next. */
  async deliver(message: WebhookDeliveryMessage, attempt: number, lastAttempt: boolean): Promise<void | OutboxOutcome> {
    const row = await this.load(message.delivery_id);
    // Gone with retention, or already settled by a redelivery: nothing left to send.
    if (!row || row.status === 'succeeded' || row.status === 'exhausted') return;
    const keys = row.enabled && row.endpoint_status === 'active' ? this.keysOf(row) : null;
    if (!keys) {
      const reason = !row.enabled
        ? 'webhooks were disabled; not sent'
        : 'the endpoint was disabled after failing for too long; not sent';
      await this.settle(row.delivery_id, 'exhausted', reason);
      return { outcome: 'abandon', error: reason };
    }
    const { result } = await this.attempt(row, keys);
    const schedule = this.deps.advancedConfig.retryScheduleMs;
    const step = schedule[attempt - 1];
    if (result.succeeded) {
      await this.record(row.delivery_id, result, message.trigger, 'succeeded', null);
      return;
    }
    const gone = result.statusCode === 410;
    if (gone || lastAttempt || step === undefined) {
      await this.record(row.delivery_id, result, message.trigger, 'exhausted', null);
      return gone
        ? { outcome: 'abandon', error: 'the receiver answered 410 Gone' }
        : { outcome: 'retry', error: result.error ?? 'failed' };
    }
    // The schedule's step, 10 % of jitter below it, or sooner when the receiver asks (Retry-After).
    const wait = Math.min(result.retryAfterMs ?? step, Math.round(step * (0.9 + 0.1 * Math.random())));
    await this.record(row.delivery_id, result, message.trigger, 'failed', new Date(Date.now() + wait));
    return { outcome: 'retry', error: result.error ?? 'failed', afterMs: wait };
  }

  /** redeliver_webhook: one attempt now, same id, fresh signature; the schedule is left as it is. */
  async redeliver(deliveryId: string): Promise<AttemptReport> {
    const row = await this.load(deliveryId);
    if (!row) throw notFound('webhook_delivery', deliveryId);
    const keys = await this.deps.webhookEndpoints.requireKeys();
    const { result, headers } = await this.attempt(row, keys);
    // A delivery that arrived once stays delivered; one still on its schedule stays on it.
    const status: DeliveryStatus = result.succeeded ? 'succeeded' : row.status;
    await this.record(row.delivery_id, result, 'redeliver', status, undefined);
    return this.report(row.delivery_id, result, headers);
  }

  /** send_test_webhook: a `webhook.test` delivery tried once now, enabled or not. */
  async sendTest(eventType: string): Promise<AttemptReport> {
    const keys = await this.deps.webhookEndpoints.requireKeys();
    const data = {
      test: true,
      message: 'A test event sent by send_test_webhook.',
      ...(eventType !== TEST_EVENT_TYPE && { sample_of: eventType }),
    };
    const [id] = await this.deps.webhookRecorder.insert(TEST_EVENT_TYPE, [data]);
    const row = (await this.load(id!))!;
    const { result, headers } = await this.attempt(row, keys);
    await this.record(id!, result, 'test', result.succeeded ? 'succeeded' : 'exhausted', null);
    return this.report(id!, result, headers);
  }

  private async attempt(
    row: DeliveryRow,
    keys: { url: string; secrets: string[] },
  ): Promise<{ result: AttemptResult; headers: Record<string, string> }> {
    const { shop, webhookShopGate, networkGuard, advancedConfig } = this.deps;
    const request = signWebhook(row.payload, JSON.stringify(row.payload), keys.secrets);
    const result = await webhookShopGate.run(shop.id, () =>
      sendWebhook(networkGuard, keys.url, request, advancedConfig.deliveryTimeoutMs),
    );
    return { result, headers: request.headers };
  }

  /**
   * The attempt, the delivery's new state and the endpoint's health, in one statement (atomic,
   * one round trip). `nextAttemptAt` undefined keeps the delivery's. Test attempts leave the
   * endpoint's health alone; a failure makes it `disabled_failing` once every attempt has failed
   * for disableAfterFailingMs, a success clears the run of failures.
   */
  private async record(
    deliveryId: string,
    result: AttemptResult,
    trigger: AttemptTrigger,
    status: DeliveryStatus,
    nextAttemptAt: Date | null | undefined,
  ): Promise<void> {
    const { em, shop, advancedConfig } = this.deps;
    const [endpoint] = await sql<{ url: string; failing_since: Date; disabled_at: Date; just_disabled: boolean }>(
      em,
      `with attempt as (
         insert into "webhook_attempts" ("shop_id", "delivery_id", "trigger", "succeeded", "status_code", "duration_ms", "error", "response_excerpt", "attempted_at")
         values ($1, $2, $3, $4, $5, $6, $7, $8, now())
       ), delivery as (
         update "webhook_deliveries" set "status" = $9, "attempts" = "attempts" + 1, "last_status_code" = $5, "last_error" = $7,
           "next_attempt_at" = case when $10 then $11::timestamptz else "next_attempt_at" end,
           "finished_at" = case when $9 in ('succeeded', 'exhausted') then coalesce("finished_at", now()) else null end
         where "shop_id" = $1 and "delivery_id" = $2
       )
       update "webhook_endpoints" set
         "failing_since" = case when $4 then null else coalesce("failing_since", now()) end,
         "status" = case when not $4 and coalesce("failing_since", now()) <= now() - $12::int * interval '1 millisecond' then 'disabled_failing' else "status" end,
         "disabled_at" = case when not $4 and "status" = 'active' and coalesce("failing_since", now()) <= now() - $12::int * interval '1 millisecond' then now() else "disabled_at" end
       where "shop_id" = $1 and $3 <> 'test' and ($4 = false or "failing_since" is not null)
       returning "url", "failing_since", "disabled_at", "disabled_at" = now() as "just_disabled"`,
      [
        shop.id,
        deliveryId,
        trigger,
        result.succeeded,
        result.statusCode,
        result.durationMs,
        result.error,
        result.responseExcerpt,
        status,
        nextAttemptAt !== undefined,
        nextAttemptAt ?? null,
        advancedConfig.disableAfterFailingMs,
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

  /** A delivery closed without an attempt (webhooks off, endpoint disabled). */
  private async settle(deliveryId: string, status: DeliveryStatus, reason: string): Promise<void> {
    await sql(
      this.deps.em,
      `update "webhook_deliveries" set "status" = $3, "last_error" = $4, "next_attempt_at" = null, "finished_at" = now()
       where "shop_id" = $1 and "delivery_id" = $2`,
      [this.deps.shop.id, deliveryId, status, reason],
    );
  }

  private async load(deliveryId: string): Promise<DeliveryRow | undefined> {
    const [row] = await sql<DeliveryRow>(
      this.deps.em,
      `select d."delivery_id", d."payload", d."status", e."enabled", e."status" as "endpoint_status", e."url",
              e."secret_sealed", e."previous_secret_sealed", e."previous_secret_until"
       from "webhook_deliveries" d left join "webhook_endpoints" e on e."shop_id" = d."shop_id"
       where d."shop_id" = $1 and d."delivery_id" = $2`,
      [this.deps.shop.id, deliveryId],
    );
    return row;
  }

  private keysOf(row: DeliveryRow) {
    return this.deps.webhookEndpoints.signingKeys({
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
