import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { OptoutOutput } from './outputs.js';

export const listChatappOptouts = defineTool({
  name: 'list_chatapp_optouts',
  title: 'List messaging opt-outs',
  description: 'The numbers that receive no automatic messages, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...PagingArgs }),
  output: pageOutput('optouts', OptoutOutput),
  handler: async ({ limit, offset }, { services }) =>
    services.chatappOptoutsService.list({ limit: limit!, offset: offset! }),
});
