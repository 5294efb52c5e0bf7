import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listChatappOptouts = defineTool({
  name: 'list_chatapp_optouts',
  title: 'List messaging opt-outs',
  description: 'The numbers that receive no automatic messages, newest first.',
  kind: 'query',
  input: Type.Object({ ...PagingArgs }),
  handler: async ({ limit, offset }, { services }) =>
    services.chatappOptoutsService.list({ limit: limit!, offset: offset! }),
});
