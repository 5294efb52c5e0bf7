import { Nullable, Type, WarningsOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SHOP_PROVIDERS } from '../entities/ai-provider-setting.entity.js';
import { providerPayload, ProviderOutput } from './provider-output.js';

export const configureAiProvider = defineTool({
  name: 'configure_ai_provider',
  title: 'Configure AI provider',
  description:
    "Chooses what answers the shop's AI calls: installation (the server's provider), builtin (no language model), or openai_compatible — the shop's own key at any OpenAI-compatible API (base_url, api_key and chat_model the first time). The key is stored encrypted; check it with test_ai_provider.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    provider: Type.Enum(SHOP_PROVIDERS),
    base_url: Type.Optional(
      Type.String({ minLength: 8, maxLength: 500, description: 'e.g. https://api.openai.com/v1' }),
    ),
    api_key: Type.Optional(
      Nullable(
        Type.String({ minLength: 8, maxLength: 500, secret: true, description: 'Write-only; null removes it.' }),
      ),
    ),
    chat_model: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Customer-facing answers.' })),
    task_model: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Background work; default chat_model.' }),
    ),
    embedding_model: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
    timeout_ms: Type.Optional(
      Type.Integer({ minimum: 1000, maximum: 60_000, description: 'The whole call, retries included.' }),
    ),
    monthly_token_budget: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'null: no limit.' }))),
  }),
  output: Type.Object({ ...ProviderOutput.properties, warnings: WarningsOutput() }),
  handler: async (args, { services }) => {
    const warnings = await services.promptProviderSettingsService.configure(args);
    return { ...(await providerPayload(services)), warnings };
  },
});
