import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ProviderOutput } from './provider-outputs.js';

export const listChatappProviders = defineTool({
  name: 'list_chatapp_providers',
  title: 'List messaging providers',
  description: "The shop's own messaging providers: kind, settings, stored secret names, webhook_url and line count.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ providers: Type.Array(ProviderOutput), count: Type.Integer() }),
  handler: async (_args, { services }) => services.chatappProvidersService.list(),
});
