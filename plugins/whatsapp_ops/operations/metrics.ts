import type { MetricDefinition } from '../../../core/index.js';

export const MESSAGES_SENT = 'switchboard_messages_sent_total';

/**
 * What the send path did, and what waits. `outcome`: sent (the network took it), waiting (the
 * network was unreachable; retried by the job), refused (failed, credits refunded).
 */
export const whatsappOpsMetrics: MetricDefinition[] = [
  {
    type: 'counter',
    name: MESSAGES_SENT,
    help: 'Messages handed to a channel, by channel and outcome (sent, waiting, refused)',
    labelNames: ['channel', 'outcome'],
  },
  {
    type: 'gauge',
    name: 'switchboard_messages_waiting',
    help: 'Messages recorded but not yet taken by the network (status sending)',
    read: async (em) => {
      const [row] = await em
        .getConnection()
        .execute<{ n: string }[]>(`select count(*) as n from "chatapp_messages" where "status" = 'sending'`);
      return [{ value: Number(row!.n) }];
    },
  },
  {
    type: 'gauge',
    name: 'switchboard_scheduled_messages_due',
    help: 'Scheduled messages whose time has come and that are not sent yet',
    read: async (em) => {
      const [row] = await em
        .getConnection()
        .execute<{ n: string }[]>(
          `select count(*) as n from "chatapp_scheduled_messages" where "status" in ('scheduled', 'sending') and "send_at" <= now()`,
        );
      return [{ value: Number(row!.n) }];
    },
  },
];
