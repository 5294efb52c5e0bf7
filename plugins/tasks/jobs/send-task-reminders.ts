import { defineJob } from '../define.js';

/**
 * Finds the shops with reminders due and sends each shop's in its own transaction. Reminders
 * that fell due while no process ran go out at the first tick after start, once.
 */
export const sendTaskReminders = defineJob({
  name: 'send-task-reminders',
  schedule: '*/30 * * * * *',
  scope: 'system',
  description: 'Fires tasks.reminder_due once per pending task when due_at minus reminder_minutes comes.',
  run: async ({ em, forShop, log, config }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      `select distinct shop_id from tasks
       where reminder_sent_at is null and status in ('open', 'in_progress') and reminder_at <= now() limit 1000`,
    );
    for (const { shop_id } of shops)
      await forShop(Number(shop_id), ({ services }) =>
        services.taskRemindersService.sendDue(config.reminderBatch),
      ).catch((err) =>
        log.error({ err, shopId: shop_id }, 'task reminders failed; they are tried again at the next tick'),
      );
  },
});
