import type { ScopedEvents } from '../../../../core/index.js';

/**
 * Tells other groups the campaigns' recipient counts or runs moved
 * (mass_marketing.campaign_progressed), once per campaign however many rows changed. Called after
 * the rows are written, in their transaction.
 */
export async function campaignsProgressed(events: ScopedEvents, campaignIds: Iterable<number>): Promise<void> {
  await events.emitMany(
    'mass_marketing.campaign_progressed',
    [...new Set(campaignIds)].map((id) => ({ campaign_id: Number(id) })),
  );
}
