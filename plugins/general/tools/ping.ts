import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const ping = defineTool({
  name: 'ping',
  title: 'Ping',
  description: 'Checks that the server answers and the token works; echoes an optional message and names the shop.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ message: Type.Optional(Type.String({ maxLength: 500 })) }),
  output: Type.Object({ pong: Type.Literal(true), shop: Type.String(), echo: Type.Optional(Type.String()) }),
  handler: async ({ message }, { shop }) => ({
    pong: true,
    shop: shop.name,
    ...(message !== undefined && { echo: message }),
  }),
});
