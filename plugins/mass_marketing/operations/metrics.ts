import type { MetricDefinition } from '../../../core/index.js';

export const CAMPAIGN_SENDS = 'switchboard_campaign_sends_total';

export const massMarketingMetrics: MetricDefinition[] = [
  {
    type: 'counter',
    name: CAMPAIGN_SENDS,
    help: 'Campaign recipients the engine processed, by outcome (sent, waiting, skipped, failed, requeued, no_credits, gone)',
    labelNames: ['outcome'],
  },
  {
    type: 'gauge',
    name: 'switchboard_campaign_queue_depth',
    help: 'Recipients of running campaigns not sent yet, by status (pending, sending)',
    labelNames: ['status'],
    read: async (em) => {
      const rows = await em.getConnection().execute<{ status: string; n: string }[]>(
        `select r."status", count(*) as n from "marketing_campaign_recipients" r
         join "marketing_campaigns" c on c."id" = r."campaign_id"
         where c."status" = 'running' and r."status" in ('pending', 'sending') group by r."status"`,
      );
      return rows.map((row) => ({ labels: { status: row.status }, value: Number(row.n) }));
    },
  },
];
