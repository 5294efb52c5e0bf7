import { defineJob } from '../define.js';

/** A resolved ticket the shop did not answer for closeResolvedAfterDays is closed (a reply before reopens it). */
export const closeResolvedTickets = defineJob({
  name: 'close-resolved-tickets',
  schedule: '23 * * * *',
  scope: 'system',
  description: 'Closes support tickets resolved longer ago than closeResolvedAfterDays.',
  run: async ({ em, config }) => {
    await em.execute(
      `update support_tickets set status = 'closed', closed_at = now(), updated_at = now()
       where status = 'resolved' and resolved_at < now() - make_interval(days => ?)`,
      [config.closeResolvedAfterDays],
    );
  },
});
