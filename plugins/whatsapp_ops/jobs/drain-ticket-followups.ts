import { defineJob } from '../define.js';

const BATCH = 20;

/** When the tickets group is enabled: sends each shop's queued ticket follow-ups and reports the outcome back. */
export const drainTicketFollowups = defineJob({
  name: 'drain-ticket-followups',
  schedule: '*/30 * * * * *',
  scope: 'shop',
  description:
    'Sends queued ticket follow-ups through the send path and marks them sent (resolving the ticket) or failed.',
  run: async ({ services }) => {
    await services.chatappFollowupsService.drain(BATCH);
  },
});
