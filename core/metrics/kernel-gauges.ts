import type { MetricDefinition } from './metric-definition.js';

/** The kernel's backlogs, read at scrape time. */
export const kernelGauges: MetricDefinition[] = [
  {
    type: 'gauge',
    name: 'switchboard_outbox_pending',
    help: 'Outbox messages not yet delivered, by topic',
    labelNames: ['topic'],
    read: async (em) => {
      const rows = await em
        .getConnection()
        .execute<{ topic: string; n: string }[]>(
          `select "topic", count(*) as n from "outbox_messages" where "status" = 'pending' group by "topic"`,
        );
      return rows.map((row) => ({ labels: { topic: row.topic }, value: Number(row.n) }));
    },
  },
  {
    type: 'gauge',
    name: 'switchboard_confirmations_pending',
    help: 'Confirmations waiting for an answer and not expired, by policy',
    labelNames: ['policy'],
    read: async (em) => {
      const rows = await em.getConnection().execute<{ policy: string; n: string }[]>(
        `select "policy", count(*) as n from "pending_confirmations"
         where "status" = 'pending' and "expires_at" > now() group by "policy"`,
      );
      return rows.map((row) => ({ labels: { policy: row.policy }, value: Number(row.n) }));
    },
  },
];
