import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { campaignIdArg } from './campaign-args.js';

export const pauseCampaign = defineTool({
  name: 'pause_campaign',
  title: 'Pause campaign',
  description:
    'Pauses a running campaign: no new message starts until resume_campaign (a message already on its way finishes).',
  kind: 'mutation',
  input: Type.Object({ campaign_id: campaignIdArg() }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.pause(campaign_id),
});
