import {
  invalidArguments,
  invalidState,
  notFound,
  sql,
  type Paging,
  type Services,
  parseShopDay,
  isoOrNull,
} from '../../../../core/index.js';
import type { DeliveryStatus } from '../../entities/values.js';

const DAY = 86_400_000;

export interface DeliveryFilters {
  status?: DeliveryStatus;
  event_type?: string;
  date_from?: string;
  date_to?: string;
}

interface DeliveryRow {
  delivery_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  payload?: unknown;
}

interface AttemptRow {
  trigger: string;
  succeeded: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_excerpt: string | null;
  attempted_at: Date | string;
}

export function deliveryPayload(row: DeliveryRow) {
  return {
    delivery_id: row.delivery_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    next_attempt_at: row.status === 'failed' ? isoOrNull(row.next_attempt_at) : null,
    created_at: isoOrNull(row.created_at)!,
    finished_at: isoOrNull(row.finished_at),
  };
}

/** The delivery log: list, one delivery with its attempts, recovery of a window, the last day's figures. */
export class WebhookDeliveriesService {
  constructor(private readonly deps: Services) {}

  async list(filters: DeliveryFilters, paging: Paging) {
    const { where, values } = this.where(filters);
    const rows = await sql<DeliveryRow & { total: string }>(
      this.deps.em,
      `select "delivery_id", "event_type", "status", "attempts", "last_status_code", "last_error", "next_attempt_at",
              "created_at", "finished_at", count(*) over () as "total"
       from "webhook_deliveries" where ${where}
       order by "created_at" desc, "id" desc limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, paging.limit, paging.offset],
    );
    const count = rows.length > 0 ? Number(rows[0]!.total) : await this.count(where, values, paging.offset);
    return { rows: rows.map(deliveryPayload), count };
  }

  async get(deliveryId: string) {
    const [row] = await sql<DeliveryRow>(
      this.deps.em,
      `select "delivery_id", "event_type", "status", "attempts", "last_status_code", "last_error", "next_attempt_at",
              "created_at", "finished_at", "payload"
       from "webhook_deliveries" where "shop_id" = $1 and "delivery_id" = $2`,
      [this.deps.shop.id, deliveryId],
    );
    if (!row) throw notFound('webhook_delivery', deliveryId);
    const attempts = await sql<AttemptRow>(
      this.deps.em,
      `select "trigger", "succeeded", "status_code", "duration_ms", "error", "response_excerpt", "attempted_at"
       from "webhook_attempts" where "shop_id" = $1 and "delivery_id" = $2 order by "id"`,
      [this.deps.shop.id, deliveryId],
    );
    return {
      ...deliveryPayload(row),
      payload: row.payload,
      attempt_log: attempts.map((a) => ({
        at: isoOrNull(a.attempted_at)!,
        trigger: a.trigger,
        succeeded: a.succeeded,
        status_code: a.status_code,
        duration_ms: a.duration_ms,
        error: a.error,
        response_excerpt: a.response_excerpt,
      })),
    };
  }

  /**
   * Requeues every exhausted delivery created in the window, from attempt 1 of the schedule.
   * Failed ones already have their next attempt scheduled and are left to it.
   */
  async recover(since: string, until: string | undefined): Promise<{ requeued: number; since: string; until: string }> {
    const zone = this.deps.shop.timezone;
    const from = parseShopDay(since, zone, 'since', 'start');
    const to = until ? parseShopDay(until, zone, 'until', 'end') : new Date();
    if (from >= to)
      throw invalidArguments('since must be before until.', [{ path: 'since', message: 'not before until' }]);
    if (to.getTime() - from.getTime() > 30 * DAY || Date.now() - from.getTime() > 30 * DAY + 60_000)
      throw invalidArguments('The window reaches back at most 30 days (deliveries are kept that long).', [
        { path: 'since', message: 'more than 30 days ago' },
      ]);
    const endpoint = await this.deps.advancedWebhookEndpoints.find();
    if (!endpoint?.enabled || endpoint.status !== 'active')
      throw invalidState('Webhooks are not enabled: enable them with configure_webhooks first, then recover.', {
        action: 'recover',
      });
    const rows = await sql<{ delivery_id: string }>(
      this.deps.em,
      `update "webhook_deliveries" set "status" = 'pending', "next_attempt_at" = null, "finished_at" = null
       where "shop_id" = $1 and "status" = 'exhausted' and "event_type" <> 'webhook.test'
         and "created_at" >= $2 and "created_at" < $3
       returning "delivery_id"`,
      [this.deps.shop.id, from, to],
    );
    const ids = rows.map((r) => r.delivery_id);
    if (ids.length > 0) await this.deps.advancedWebhookRecorder.enqueue(ids, 'recover');
    return { requeued: ids.length, since: from.toISOString(), until: to.toISOString() };
  }

  /** The last 24 hours: deliveries by state and the latency of answered attempts. */
  async stats24h() {
    const [row] = await sql<{
      delivered: string;
      failed: string;
      pending: string;
      exhausted: string;
      p50: number | null;
      p95: number | null;
    }>(
      this.deps.em,
      `select
         (select count(*) from "webhook_deliveries" where "shop_id" = $1 and "created_at" >= now() - interval '1 day' and "status" = 'succeeded') as "delivered",
         (select count(*) from "webhook_deliveries" where "shop_id" = $1 and "created_at" >= now() - interval '1 day' and "status" = 'failed') as "failed",
         (select count(*) from "webhook_deliveries" where "shop_id" = $1 and "created_at" >= now() - interval '1 day' and "status" = 'pending') as "pending",
         (select count(*) from "webhook_deliveries" where "shop_id" = $1 and "created_at" >= now() - interval '1 day' and "status" = 'exhausted') as "exhausted",
         (select percentile_cont(0.5) within group (order by "duration_ms") from "webhook_attempts" where "shop_id" = $1 and "attempted_at" >= now() - interval '1 day' and "status_code" is not null) as "p50",
         (select percentile_cont(0.95) within group (order by "duration_ms") from "webhook_attempts" where "shop_id" = $1 and "attempted_at" >= now() - interval '1 day' and "status_code" is not null) as "p95"`,
      [this.deps.shop.id],
    );
    return {
      delivered: Number(row!.delivered),
      failed: Number(row!.failed),
      pending: Number(row!.pending),
      exhausted: Number(row!.exhausted),
      latency_p50_ms: row!.p50 === null ? null : Math.round(row!.p50),
      latency_p95_ms: row!.p95 === null ? null : Math.round(row!.p95),
    };
  }

  private where(filters: DeliveryFilters) {
    const zone = this.deps.shop.timezone;
    const values: unknown[] = [this.deps.shop.id];
    const clauses = ['"shop_id" = $1'];
    const add = (clause: string, value: unknown) => {
      values.push(value);
      clauses.push(clause.replace('?', `$${values.length}`));
    };
    if (filters.status) add('"status" = ?', filters.status);
    if (filters.event_type) add('"event_type" = ?', filters.event_type);
    if (filters.date_from) add('"created_at" >= ?', parseShopDay(filters.date_from, zone, 'date_from', 'start'));
    if (filters.date_to) add('"created_at" < ?', parseShopDay(filters.date_to, zone, 'date_to', 'end'));
    return { where: clauses.join(' and '), values };
  }

  /** A page past the end still says how many there are. */
  private async count(where: string, values: unknown[], offset: number): Promise<number> {
    if (offset === 0) return 0;
    const [row] = await sql<{ n: string }>(
      this.deps.em,
      `select count(*) as "n" from "webhook_deliveries" where ${where}`,
      values,
    );
    return Number(row!.n);
  }
}
