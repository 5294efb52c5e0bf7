import { PagingArgs, Type, pageOutput } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { campaignStatusArg } from './campaign-args.js';
import { CampaignOutput } from '../outputs.js';

export const listCampaigns = defineTool({
  name: 'list_campaigns',
  title: 'List campaigns',
  description: 'Campaigns, newest first, with recipients counted by status.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(campaignStatusArg()),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Words of the name.' })),
    ...PagingArgs,
  }),
  output: pageOutput('campaigns', CampaignOutput),
  handler: async ({ status, query, limit, offset }, { services }) =>
    services.marketingCampaignsService.list({ status, query }, { limit: limit!, offset: offset! }),
});
