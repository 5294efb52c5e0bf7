import { PagingArgs, Type, pageOutput } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { UnsubscribeOutput } from '../outputs.js';

export const getUnsubscribedList = defineTool({
  name: 'get_unsubscribed_list',
  title: 'Get unsubscribed list',
  description: 'Phones that unsubscribed from campaigns (reply, link or manual), newest first, with their campaign.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })), ...PagingArgs }),
  output: pageOutput('unsubscribed', UnsubscribeOutput),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingUnsubscribesService.list(query, { limit: limit!, offset: offset! }),
});
