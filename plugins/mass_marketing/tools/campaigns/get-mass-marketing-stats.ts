import { PagingArgs, Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { CampaignStatsRowOutput, RunStatsOutput, StatsOutput } from '../outputs.js';

export const getMassMarketingStats = defineTool({
  name: 'get_mass_marketing_stats',
  title: 'Get mass marketing stats',
  description:
    "Campaign results: for one campaign its recipients by status, rates and credits overall and per run; without campaign_id the shop's totals and per-campaign figures.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ campaign_id: Type.Optional(Type.Integer({ minimum: 1 })), ...PagingArgs }),
  output: Type.Object(
    {
      campaign_id: Type.Optional(Type.Integer()),
      name: Type.Optional(Type.String()),
      status: Type.Optional(Type.String()),
      stats: Type.Optional(StatsOutput),
      runs: Type.Optional(Type.Array(RunStatsOutput)),
      overall: Type.Optional(StatsOutput),
      campaigns_by_status: Type.Optional(Type.Record(Type.String(), Type.Integer())),
      campaigns: Type.Optional(Type.Array(CampaignStatsRowOutput)),
      count: Type.Optional(Type.Integer()),
      limit: Type.Optional(Type.Integer()),
      offset: Type.Optional(Type.Integer()),
      has_more: Type.Optional(Type.Boolean()),
    },
    {
      description:
        'With campaign_id: that campaign (stats, runs); without: overall, campaigns_by_status and a page of campaigns.',
    },
  ),
  handler: async ({ campaign_id, limit, offset }, { services }) =>
    services.marketingCampaignStatsService.stats(campaign_id, { limit: limit!, offset: offset! }),
});
