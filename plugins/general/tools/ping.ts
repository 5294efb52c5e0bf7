import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const ping = defineTool({
  name: 'ping',
  title: 'Ping',
  description: 'Checks that the server answers and the token works; echoes an optional message and names the shop.',
  kind: 'query',
  input: Type.Object({ message: Type.Optional(Type.String({ maxLength: 500 })) }),
  handler: async ({ message }, { shop }) => ({
    pong: true,
    shop: shop.name,
    ...(message !== undefined && { echo: message }),
  }),
});
