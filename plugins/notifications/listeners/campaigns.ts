import type { EventHandler } from '../../../core/index.js';
import type { MassMarketingCampaignStatusChanged } from '../../mass_marketing/surface.js';
import { OWNER } from '../entities/values.js';

/** The owner hears when a campaign finished or stopped (by hand, or for lack of credits). */
export const onCampaignStatusChanged: EventHandler<MassMarketingCampaignStatusChanged> = async (e, { services }) => {
  if (e.status !== 'completed' && e.status !== 'paused') return;
  const finished = e.status === 'completed';
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: finished ? 'campaign_finished' : 'campaign_paused',
    title: finished ? `Campaign “${e.name}” finished` : `Campaign “${e.name}” was paused`,
    body: e.reason,
    resource: { type: 'campaign', id: e.campaign_id },
    dedupeKey: `campaign:${e.campaign_id}`,
  });
};
