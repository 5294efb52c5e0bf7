import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getMassMarketingStats = defineTool({
  name: 'get_mass_marketing_stats',
  title: 'Get mass marketing stats',
  description:
    "Campaign results: with campaign_id, that campaign's recipients by status, delivery/read/reply/unsubscribe rates (shares of the messages sent) and credits spent, overall and per run; without it, the same for the whole shop, campaigns by status and a page of per-campaign figures.",
  kind: 'query',
  input: Type.Object({ campaign_id: Type.Optional(Type.Integer({ minimum: 1 })), ...PagingArgs }),
  handler: async ({ campaign_id, limit, offset }, { services }) =>
    services.marketingCampaignStatsService.stats(campaign_id, { limit: limit!, offset: offset! }),
});
