import type { Services } from '../../../core/index.js';
import type { FollowupType } from '../entities/values.js';

/**
 * get_followup_stats: what follow-ups did over the last days. Replies are counted from the
 * messages (a customer message within 72 h of an attempt), so a reply after a last attempt counts
 * too; spend is the credits the send path charged.
 */
export class FollowupStatsService {
  constructor(private readonly deps: Services) {}

  async stats(days: number, type?: FollowupType) {
    const shop = this.deps.shop.id;
    const typeFilter = type ? 'and f.type = ?' : '';
    const typeArg = type ? [type] : [];
    const byStatus = await this.deps.em.execute<{ status: string; skip_reason: string | null; n: number }[]>(
      `select f.status, f.skip_reason, count(*)::int as n from smart_followups f
       where f.shop_id = ? and f.created_at > now() - make_interval(days => ?::int) ${typeFilter}
       group by 1, 2`,
      [shop, days, ...typeArg],
    );
    const [sends] = await this.deps.em.execute<{ sent: number; credits: number; replied: number }[]>(
      `select count(*)::int as sent, coalesce(sum(s.credits), 0)::int as credits,
         count(*) filter (where exists (select 1 from chatapp_messages_view m where m.shop_id = f.shop_id and m.phone = f.phone
           and m.direction = 'inbound' and m.created_at > s.sent_at and m.created_at <= s.sent_at + interval '72 hours'))::int as replied
       from smart_followup_sends s join smart_followups f on f.id = s.followup_id and f.shop_id = s.shop_id
       where s.shop_id = ? and s.sent_at > now() - make_interval(days => ?::int) ${typeFilter}`,
      [shop, days, ...typeArg],
    );
    const byHour = await this.deps.em.execute<{ hour: number; sent: number; replied: number }[]>(
      `select extract(hour from s.sent_at at time zone ?)::int as hour, count(*)::int as sent,
         count(*) filter (where exists (select 1 from chatapp_messages_view m where m.shop_id = f.shop_id and m.phone = f.phone
           and m.direction = 'inbound' and m.created_at > s.sent_at and m.created_at <= s.sent_at + interval '72 hours'))::int as replied
       from smart_followup_sends s join smart_followups f on f.id = s.followup_id and f.shop_id = s.shop_id
       where s.shop_id = ? and s.sent_at > now() - make_interval(days => ?::int) ${typeFilter}
       group by 1 order by 1`,
      [this.deps.shop.timezone, shop, days, ...typeArg],
    );
    const count = (status: string) => byStatus.filter((r) => r.status === status).reduce((a, r) => a + r.n, 0);
    const skipped = Object.fromEntries(
      byStatus.filter((r) => r.status === 'skipped').map((r) => [r.skip_reason ?? 'unknown', r.n]),
    );
    return {
      days,
      type: type ?? null,
      followups: {
        scheduled: count('scheduled'),
        sent: count('sent'),
        replied: count('replied'),
        converted: count('converted'),
        cancelled: count('cancelled'),
        failed: count('failed'),
        skipped,
      },
      messages: { sent: sends!.sent, credits: sends!.credits, replied_within_72h: sends!.replied },
      reply_rate: sends!.sent > 0 ? Math.round((sends!.replied / sends!.sent) * 1000) / 1000 : null,
      reply_rate_by_hour: byHour.map((h) => ({
        hour: h.hour,
        sent: h.sent,
        replied: h.replied,
        rate: Math.round((h.replied / h.sent) * 1000) / 1000,
      })),
    };
  }
}
