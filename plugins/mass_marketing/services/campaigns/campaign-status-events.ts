import type { ScopedEvents } from '../../../../core/index.js';
import type { Campaign } from '../../entities/campaign.entity.js';
import type { CampaignStatus } from '../../entities/values.js';

/**
 * Tells other groups a campaign's status moved (mass_marketing.campaign_status_changed). Called
 * after the change is flushed, so a listener reading the campaign sees its new state.
 */
export async function campaignStatusChanged(
  events: ScopedEvents,
  campaign: Campaign,
  previous: CampaignStatus,
): Promise<void> {
  if (campaign.status === previous) return;
  await events.emit('mass_marketing.campaign_status_changed', {
    campaign_id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    previous_status: previous,
    reason:
      campaign.status === 'paused'
        ? (campaign.pauseReason ?? null)
        : campaign.status === 'pending_approval'
          ? (campaign.approvalReason ?? null)
          : null,
    changed_at: new Date().toISOString(),
  });
}
