import { Type, DateTime } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';
import { CampaignOutput, RunOutput, StatsOutput } from '../outputs.js';

export const getCampaign = defineTool({
  name: 'get_campaign',
  title: 'Get campaign',
  description:
    'A campaign with its settings, status (and why paused or waiting), stats, latest runs and next runs if recurring.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: Type.Object({
    campaign: CampaignOutput,
    stats: StatsOutput,
    runs: Type.Array(RunOutput, { description: 'The latest 10 runs.' }),
    upcoming_runs: Type.Array(DateTime()),
  }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.show(campaign_id),
});
