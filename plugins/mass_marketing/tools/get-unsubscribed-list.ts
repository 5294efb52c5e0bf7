import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getUnsubscribedList = defineTool({
  name: 'get_unsubscribed_list',
  title: 'Get unsubscribed list',
  description:
    'The phones that unsubscribed from campaigns (by reply, by the link, or recorded manually), newest first, with the campaign they came from; query matches part of the number.',
  kind: 'query',
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })), ...PagingArgs }),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingUnsubscribesService.list(query, { limit: limit!, offset: offset! }),
});
