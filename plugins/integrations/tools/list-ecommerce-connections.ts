import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { connectionPayload } from '../services/payloads.js';
import { ConnectionOutput } from './outputs.js';

export const listEcommerceConnections = defineTool({
  name: 'list_ecommerce_connections',
  title: 'List storefront connections',
  description:
    'Storefront connections (one per platform): store, status, how changes arrive, and which one the assistant uses. Credentials show their last 4 characters.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ connections: Type.Array(ConnectionOutput), count: Type.Integer() }),
  handler: async (_args, { services }) => {
    const connections = await services.ecommerceConnections.list();
    return { connections: connections.map(connectionPayload), count: connections.length };
  },
});
