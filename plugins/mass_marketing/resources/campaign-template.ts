import { completeIds, defineResourceTemplate, templateId } from '../../../core/index.js';
import { Campaign } from '../entities/campaign.entity.js';

export const campaignTemplate = defineResourceTemplate({
  uriTemplate: 'shop://campaigns/{id}',
  name: 'Campaign',
  description: 'One campaign with its progress and counts, as get_campaign shows it. id completes to recent campaigns.',
  mimeType: 'application/json',
  read: async ({ id }, { services }) => services.marketingCampaignsService.show(templateId(id!, 'campaign')),
  complete: { id: (typed, { em }) => completeIds(em, Campaign, typed) },
  changedBy: {
    'mass_marketing.campaign_status_changed': (e) => ({ id: e.campaign_id }),
    // Counts move with every send and receipt: a subscriber rereads at most every 5 s.
    'mass_marketing.campaign_progressed': { record: (e) => ({ id: e.campaign_id }), atMostEveryMs: 5_000 },
  },
});
