import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignIdArg } from './campaign-args.js';

export const deleteCampaign = defineTool({
  name: 'delete_campaign',
  title: 'Delete campaign',
  description: 'Deletes a campaign with its runs and logs; not while running (pause or cancel first).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ campaign_id: campaignIdArg() }),
  output: Type.Object({
    deleted: Type.Literal(true),
    id: Type.Integer(),
    name: Type.String(),
    recipients_removed: Type.Integer(),
  }),
  handler: async ({ campaign_id }, { services }) => services.marketingCampaignsService.delete(campaign_id),
});
