import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { tenantColumn } from '../tenancy/tenant-column.js';

/**
 * What an MCP session of a shop wants to hear about on its standing stream: a resource it
 * subscribed to (`resource:<uri>`), or a URL elicitation whose page it waits on
 * (`elicitation:<id>`). Sessions carry no server state, so this is where any process finds who
 * listens; `seen_at` moves while the session's stream is held, and rows left behind by clients that
 * went away are swept by retention.
 */
export const McpSubscription = defineEntity({
  name: 'McpSubscription',
  tableName: 'mcp_subscriptions',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    sessionKey: p.string().length(32),
    topic: p.text(),
    seenAt: p.datetime(),
  },
  uniques: [{ properties: ['shopId', 'topic', 'sessionKey'] }],
});

export type McpSubscription = InferEntity<typeof McpSubscription>;
