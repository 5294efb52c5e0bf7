import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PlatformArg } from './outputs.js';

export const testEcommerceConnection = defineTool({
  name: 'test_ecommerce_connection',
  title: 'Test storefront connection',
  description:
    'Asks the store now with the stored credentials: whether it answers, its name, resources the key may not read (missing_permissions) and rate-limit waits. A failure comes in the answer (ok false), not as an error.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ platform_type: Type.Optional(PlatformArg) }),
  output: Type.Object({
    ok: Type.Boolean(),
    platform_type: PlatformArg,
    latency_ms: Type.Integer(),
    store_name: Nullable(Type.String()),
    missing_permissions: Type.Array(Type.String()),
    error: Nullable(Type.Object({ reason: Type.String(), message: Type.String(), status: Nullable(Type.Integer()) })),
    rate_limit: Type.Object({
      throttle_waits: Type.Integer(),
      throttle_wait_ms: Type.Integer(),
      cost_available: Nullable(
        Type.Number({ description: 'Shopify: points left in the cost bucket at the last answer.' }),
      ),
      cost_restore_rate: Nullable(Type.Number()),
    }),
  }),
  handler: async ({ platform_type }, { services }) => ({
    ...(await services.ecommerceDiagnostics.test(platform_type)),
  }),
});
