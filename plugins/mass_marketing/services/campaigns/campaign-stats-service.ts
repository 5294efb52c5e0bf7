import { notFound, pageOf, type Paging, type Services } from '../../../../core/index.js';
import { Campaign } from '../../entities/campaign.entity.js';
import { CAMPAIGN_STATUSES, RECIPIENT_STATUSES } from '../../entities/values.js';
import { withClient } from '../pg-client.js';

interface Totals {
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  unsubscribed: number;
  credits: number;
}

/** Counters over recipient rows: by current status, and by the steps each row reached (timestamps). */
const aggregate = (t = '') => `count(${t}id)::int as recipients,
  count(${t}sent_at)::int as sent,
  count(*) filter (where ${t}delivered_at is not null or ${t}read_at is not null)::int as delivered,
  count(${t}read_at)::int as read,
  count(${t}replied_at)::int as replied,
  count(${t}unsubscribed_at)::int as unsubscribed,
  coalesce(sum(${t}credits_charged), 0)::bigint as credits`;

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

function statsPayload(totals: Totals, byStatus: Record<string, number>) {
  return {
    recipients_total: totals.recipients,
    counts: Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, byStatus[s] ?? 0])),
    sent_total: totals.sent,
    delivered_total: totals.delivered,
    read_total: totals.read,
    replied_total: totals.replied,
    unsubscribed_total: totals.unsubscribed,
    delivery_rate: rate(totals.delivered, totals.sent),
    read_rate: rate(totals.read, totals.sent),
    reply_rate: rate(totals.replied, totals.sent),
    unsubscribe_rate: rate(totals.unsubscribed, totals.sent),
    credits_spent: Number(totals.credits),
  };
}

/**
 * get_mass_marketing_stats and the counters on campaigns. Rates are shares of the messages sent
 * (0–1, four decimals; null before anything was sent): delivered counts rows that reached
 * delivered or read, as receipts may skip a step. Credits spent include auto-replies and
 * unsubscribe confirmations, which the campaign caused.
 */
export class MarketingCampaignStatsService {
  constructor(private readonly deps: Services) {}

  async forCampaign(campaignId: number, runId?: number) {
    return withClient(this.deps.em, async (client) => {
      const params = [this.deps.shop.id, campaignId, runId ?? null];
      const where = 'shop_id = $1 and campaign_id = $2 and ($3::int is null or run_id = $3)';
      const totals = (
        await client.query<Totals>(`select ${aggregate()} from marketing_campaign_recipients where ${where}`, params)
      ).rows[0]!;
      const byStatus = await client.query<{ status: string; n: number }>(
        `select status, count(*)::int as n from marketing_campaign_recipients where ${where} group by status`,
        params,
      );
      return statsPayload(totals, Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n])));
    });
  }

  /** Recipient counts per status for each of the campaigns. */
  async statusCounts(campaignIds: number[]): Promise<Map<number, Record<string, number>>> {
    const out = new Map<number, Record<string, number>>();
    if (campaignIds.length === 0) return out;
    const rows = await withClient(
      this.deps.em,
      async (client) =>
        (
          await client.query<{ campaign_id: number; status: string; n: number }>(
            'select campaign_id, status, count(*)::int as n from marketing_campaign_recipients where shop_id = $1 and campaign_id = any($2::int[]) group by campaign_id, status',
            [this.deps.shop.id, campaignIds],
          )
        ).rows,
    );
    for (const r of rows) out.set(r.campaign_id, { ...(out.get(r.campaign_id) ?? {}), [r.status]: r.n });
    return out;
  }

  /** One campaign's stats with each run's, or the shop's overall with campaigns by status and a page of per-campaign stats. */
  async stats(campaignId: number | undefined, paging: Paging) {
    if (campaignId !== undefined) {
      const campaign = await this.deps.em.findOne(Campaign, { id: campaignId });
      if (!campaign) throw notFound('campaign', campaignId);
      const runs = await withClient(
        this.deps.em,
        async (client) =>
          (
            await client.query<Totals & { run_id: number }>(
              `select run_id, ${aggregate()} from marketing_campaign_recipients where shop_id = $1 and campaign_id = $2 group by run_id order by run_id`,
              [this.deps.shop.id, campaign.id],
            )
          ).rows,
      );
      return {
        campaign_id: campaign.id,
        name: campaign.name,
        status: campaign.status,
        stats: await this.forCampaign(campaign.id),
        runs: runs
          .map((r) => ({ run_id: r.run_id, ...statsPayload(r, {}) }))
          .map(({ counts: _counts, ...rest }) => rest),
      };
    }
    return withClient(this.deps.em, async (client) => {
      const shopId = this.deps.shop.id;
      const totals = (
        await client.query<Totals>(`select ${aggregate()} from marketing_campaign_recipients where shop_id = $1`, [
          shopId,
        ])
      ).rows[0]!;
      const byStatus = await client.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from marketing_campaign_recipients where shop_id = $1 group by status',
        [shopId],
      );
      const campaignsByStatus = await client.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from marketing_campaigns where shop_id = $1 group by status',
        [shopId],
      );
      const count = (
        await client.query<{ n: number }>('select count(*)::int as n from marketing_campaigns where shop_id = $1', [
          shopId,
        ])
      ).rows[0]!.n;
      const page = await client.query<Totals & { id: number; name: string; status: string }>(
        `select c.id, c.name, c.status, ${aggregate('r.')}
         from marketing_campaigns c left join marketing_campaign_recipients r on r.shop_id = c.shop_id and r.campaign_id = c.id
         where c.shop_id = $1 group by c.id order by c.id desc limit $2 offset $3`,
        [shopId, paging.limit, paging.offset],
      );
      return {
        overall: statsPayload(totals, Object.fromEntries(byStatus.rows.map((r) => [r.status, r.n]))),
        campaigns_by_status: Object.fromEntries(
          CAMPAIGN_STATUSES.map((s) => [s, campaignsByStatus.rows.find((r) => r.status === s)?.n ?? 0]),
        ),
        ...pageOf(
          'campaigns',
          page.rows.map((r) => {
            const { counts: _counts, ...stats } = statsPayload(r, {});
            return { id: r.id, name: r.name, status: r.status, ...stats };
          }),
          count,
          paging,
        ),
      };
    });
  }
}
