import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const SHOP_PROVIDERS: ['installation', 'builtin', 'openai_compatible'] = [
  'installation',
  'builtin',
  'openai_compatible',
];
export type ShopProvider = (typeof SHOP_PROVIDERS)[number];

/**
 * A shop's choice of AI provider: the installation's (the default, no row), none (builtin), or its
 * own OpenAI-compatible endpoint with its own key — sealed with the server's secret, shown only as
 * its last 4 characters.
 */
export const AiProviderSetting = defineEntity({
  name: 'AiProviderSetting',
  tableName: 'ai_provider_settings',
  uniques: [{ properties: ['shopId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    provider: p.enum(SHOP_PROVIDERS),
    baseUrl: p.string().length(500).nullable(),
    apiKeySealed: p.text().nullable(),
    keyLast4: p.string().length(4).nullable(),
    chatModel: p.string().length(200).nullable(),
    taskModel: p.string().length(200).nullable(),
    embeddingModel: p.string().length(200).nullable(),
    timeoutMs: p.integer().nullable(),
    monthlyTokenBudget: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AiProviderSetting = InferEntity<typeof AiProviderSetting>;
