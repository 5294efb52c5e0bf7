import { PagingArgs, Type, pageOutput, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { FollowupOutput, phoneArg, statusArg, typeArg } from './args.js';

export const listFollowups = defineTool({
  name: 'list_followups',
  title: 'List follow-ups',
  description: 'Follow-ups by status, type, customer and due time, latest due first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(statusArg),
    type: Type.Optional(typeArg()),
    phone: Type.Optional(phoneArg()),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('followups', FollowupOutput),
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.followupsService.list(filters, { limit: limit!, offset: offset! }),
});
