import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { testProvider } from '../services/test-provider.js';

const Check = Type.Object({
  ok: Type.Boolean(),
  latency_ms: Type.Integer(),
  error_code: Nullable(Type.String()),
});

export const testAiProvider = defineTool({
  name: 'test_ai_provider',
  title: 'Test AI provider',
  description:
    "Checks the shop's AI provider with real calls (model list, a tiny chat with JSON, an embedding if configured); each part says ok or its error. Uses a few metered tokens.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({}),
  output: Type.Object({
    engine: Type.String(),
    base_url_host: Type.String(),
    models: Type.Object({ ...Check.properties, listed: Type.Array(Type.String()) }),
    chat: Type.Object({ ...Check.properties, model: Type.String(), json_schema: Nullable(Type.Boolean()) }),
    embeddings: Nullable(
      Type.Object({ ...Check.properties, model: Type.String(), dimensions: Nullable(Type.Integer()) }),
    ),
  }),
  handler: async (_args, { services }) => testProvider(services),
});
