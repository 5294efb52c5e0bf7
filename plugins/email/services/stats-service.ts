import { invalidArguments, type Services, parseShopDay } from '../../../core/index.js';

const DAY = 86_400_000;

/**
 * The inbox's figures over a period (default the last 30 days): mail received and sent, threads
 * started, the median time to the first response (from a thread's first inbound mail to its first
 * reply), threads by status and category, and the open ones nobody has.
 */
export class EmailStatsService {
  constructor(private readonly deps: Services) {}

  async stats(filters: { account_id?: number; date_from?: string; date_to?: string }) {
    const zone = this.deps.shop.timezone;
    const to = filters.date_to ? parseShopDay(filters.date_to, zone, 'date_to', 'end') : new Date();
    const from = filters.date_from
      ? parseShopDay(filters.date_from, zone, 'date_from', 'start')
      : new Date(to.getTime() - 30 * DAY);
    if (from > to)
      throw invalidArguments('date_from is after date_to.', [{ path: 'date_from', message: 'is after date_to' }]);
    const shop = this.deps.shop.id;
    const account = filters.account_id ?? null;
    const em = this.deps.em;
    const [messages] = await em.execute<{ received: string; sent: string; failed: string }[]>(
      `select count(*) filter (where direction = 'inbound') as received,
              count(*) filter (where direction = 'outbound' and status = 'sent') as sent,
              count(*) filter (where direction = 'outbound' and status = 'failed') as failed
       from email_messages where shop_id = ? and (?::int is null or account_id = ?) and sent_at >= ? and sent_at <= ?`,
      [shop, account, account, from, to],
    );
    const [threads] = await em.execute<{ started: string; median_seconds: number | null; responded: string }[]>(
      `select count(*) as started,
              percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - f.first_in)) as median_seconds,
              count(t.first_response_at) as responded
       from email_threads t
       left join lateral (select min(sent_at) as first_in from email_messages m where m.thread_id = t.id and m.direction = 'inbound') f on true
       where t.shop_id = ? and (?::int is null or t.account_id = ?) and t.created_at >= ? and t.created_at <= ?`,
      [shop, account, account, from, to],
    );
    const byStatus = await em.execute<{ status: string; n: string }[]>(
      `select status, count(*) as n from email_threads where shop_id = ? and (?::int is null or account_id = ?) and last_message_at >= ? and last_message_at <= ? group by status`,
      [shop, account, account, from, to],
    );
    const byCategory = await em.execute<{ category: string | null; n: string }[]>(
      `select category, count(*) as n from email_threads where shop_id = ? and (?::int is null or account_id = ?) and last_message_at >= ? and last_message_at <= ? group by category`,
      [shop, account, account, from, to],
    );
    const [unassigned] = await em.execute<{ n: string }[]>(
      `select count(*) as n from email_threads where shop_id = ? and (?::int is null or account_id = ?) and status = 'open' and assigned_agent_id is null`,
      [shop, account, account],
    );
    return {
      account_id: account,
      date_from: from.toISOString(),
      date_to: to.toISOString(),
      received: Number(messages!.received),
      sent: Number(messages!.sent),
      failed: Number(messages!.failed),
      threads_started: Number(threads!.started),
      threads_responded: Number(threads!.responded),
      median_first_response_seconds:
        threads!.median_seconds === null ? null : Math.round(Number(threads!.median_seconds)),
      by_status: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      by_category: Object.fromEntries(byCategory.map((r) => [r.category ?? 'unclassified', Number(r.n)])),
      open_unassigned: Number(unassigned!.n),
    };
  }
}
