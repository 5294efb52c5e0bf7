import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const removeChatappProvider = defineTool({
  name: 'remove_chatapp_provider',
  title: 'Remove messaging provider',
  description:
    "Removes one of the shop's providers and its credentials; refused while any of its lines is connected (disconnect_chatapp first). Lines and messages stay as history.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ provider_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ removed: Type.Literal(true), provider_id: Type.Integer() }),
  handler: async ({ provider_id }, { services }) => services.chatappProvidersService.remove(provider_id),
});
