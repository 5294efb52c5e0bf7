import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { UnsubscribeOutput } from './outputs.js';

export const getUnsubscribedList = defineTool({
  name: 'get_unsubscribed_list',
  title: 'Get unsubscribed list',
  description:
    'The phones that unsubscribed from campaigns (by reply, by the link, or recorded manually), newest first, with the campaign they came from; query matches part of the number.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })), ...PagingArgs }),
  output: pageOutput('unsubscribed', UnsubscribeOutput),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingUnsubscribesService.list(query, { limit: limit!, offset: offset! }),
});
