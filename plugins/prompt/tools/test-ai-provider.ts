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
    'Checks the shop’s AI provider with real calls: the models it lists, one tiny chat with the chat model (and whether it returns the JSON asked for without a repair turn), and one embedding when an embedding model is set. Each part says ok or its error code. Uses a few tokens, metered like any call. On the built-in engine: ai_provider_required.',
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
