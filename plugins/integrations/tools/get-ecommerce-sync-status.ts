import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PlatformArg } from './outputs.js';

export const getEcommerceSyncStatus = defineTool({
  name: 'get_ecommerce_sync_status',
  title: 'Get storefront change-feed status',
  description:
    "How the store's changes arrive (webhooks or polling with its cursor and errors), the last day's inbound events by status, and rate-limit waits.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ platform_type: Type.Optional(PlatformArg) }),
  output: Type.Object({
    platform_type: PlatformArg,
    feed_mode: Type.String(),
    webhooks: Type.Array(Type.Object({ id: Type.String(), topic: Type.String() })),
    webhooks_note: Nullable(Type.String()),
    poll: Type.Object({
      cursor: Nullable(Type.String()),
      last_poll_at: Nullable(Type.String()),
      error: Nullable(Type.String()),
      interval_seconds: Type.Integer(),
      overlap_seconds: Type.Integer(),
    }),
    inbound_24h: Type.Object({
      accepted: Type.Integer(),
      ping: Type.Integer(),
      rejected_signature: Type.Integer(),
      failed: Type.Integer(),
      duplicates: Type.Integer(),
      last_event_at: Nullable(Type.String()),
    }),
    throttle: Type.Object({ waits: Type.Integer(), wait_ms: Type.Integer() }),
  }),
  handler: async ({ platform_type }, { services }) => ({
    ...(await services.ecommerceDiagnostics.syncStatus(platform_type)),
  }),
});
