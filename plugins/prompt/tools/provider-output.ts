import { Nullable, Type, type Services } from '../../../core/index.js';
import { BUILTIN_NOTICE } from '../services/ai/ai-types.js';

export const ProviderOutput = Type.Object({
  engine: Type.String({ description: 'builtin or openai_compatible: what answers this shop’s AI calls.' }),
  source: Type.String({ description: 'shop (its own choice) or installation (the server’s default).' }),
  notice: Nullable(Type.String()),
  base_url_host: Nullable(Type.String()),
  models: Type.Object({ chat: Type.String(), task: Type.String(), embedding: Nullable(Type.String()) }),
  api_key_last4: Nullable(Type.String()),
  timeout_ms: Type.Integer(),
  monthly_token_budget: Nullable(Type.Integer()),
  month_usage: Type.Object({ tokens: Type.Integer(), calls: Type.Integer() }),
});

/** The provider as a shop may see it: the key only as its last 4 characters. */
export async function providerPayload(services: Services) {
  const e = await services.promptAiService.engine();
  const builtin = e.engine === 'builtin';
  return {
    engine: e.engine,
    source: e.source,
    notice: builtin ? BUILTIN_NOTICE : null,
    base_url_host: e.baseUrl ? new URL(e.baseUrl).host : null,
    models: builtin ? { chat: 'builtin', task: 'builtin', embedding: null } : e.models,
    api_key_last4: e.keyLast4,
    timeout_ms: e.timeoutMs,
    monthly_token_budget: e.monthlyTokenBudget,
    month_usage: await services.promptAiService.monthUsage(),
  };
}
