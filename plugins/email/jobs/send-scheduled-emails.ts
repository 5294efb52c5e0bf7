import { defineJob } from '../define.js';

/** Scheduled mails queued per shop per tick. */
const BATCH = 500;

/**
 * Hands due scheduled mail to the outbox: per shop, one transaction turns `scheduled` into
 * `queued` and writes the outbox messages, so a mail is queued once (SKIP LOCKED keeps two
 * processes apart, and a mail cancelled meanwhile is gone or locked by the cancel).
 */
export const sendScheduledEmails = defineJob({
  name: 'send-scheduled-emails',
  schedule: '*/5 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Queues scheduled mail whose time has come.',
  run: async ({ em, forShop }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      `select distinct shop_id from email_messages where status = 'scheduled' and scheduled_at <= now()`,
    );
    for (const { shop_id } of shops)
      await forShop(shop_id, (ctx) =>
        ctx.transaction(async ({ services }) => {
          const due = await services.em.execute<{ id: number }[]>(
            `update email_messages set status = 'queued', updated_at = now()
             where id in (select id from email_messages where shop_id = ? and status = 'scheduled' and scheduled_at <= now()
                          order by scheduled_at, id limit ? for update skip locked)
             returning id`,
            [shop_id, BATCH],
          );
          await services.outbox.enqueueMany(
            'email.send',
            due.map((r) => ({ message_id: Number(r.id) })),
          );
        }),
      );
  },
});
