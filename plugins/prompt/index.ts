import { asValue } from 'awilix';
import { definePlugin } from '../../core/index.js';
import { PromptConfig } from './config.js';
import { promptErrors } from './errors.js';
import { AiProviderSetting } from './entities/ai-provider-setting.entity.js';
import { AiUsage } from './entities/ai-usage.entity.js';
import { PromptInit } from './migrations/0001-init.js';
import { PromptReadViews } from './migrations/0002-read-views.js';
import { AiService } from './services/ai/ai-service.js';
import { AiProviderSettingsService } from './services/provider-settings-service.js';
import { PromptTranslator } from './services/ports/translator.js';
import { PromptFollowupComposer } from './services/ports/followup-composer.js';
import { getAiProvider } from './tools/get-ai-provider.js';
import { configureAiProvider } from './tools/configure-ai-provider.js';
import { testAiProvider } from './tools/test-ai-provider.js';

/**
 * prompt: the assistant's instructions and the AI runtime every AI group asks for a model
 * (`aiService`): the shop's own OpenAI-compatible provider, the installation's, or the built-in
 * engine (no language model, labelled in every answer); a deadline and a retry policy on every
 * call, JSON checked locally, usage metered per shop and surface, a monthly token budget, and no
 * model call inside a database transaction.
 */
export default definePlugin({
  name: 'prompt',
  version: '1.0.0',
  description:
    'The AI runtime and its provider: which engine answers the shop’s AI calls, its key, budget and a test call.',
  kernel: '^1.0.0',
  configSchema: PromptConfig,
  entities: [AiProviderSetting, AiUsage],
  migrations: [
    { name: '0001-init', class: PromptInit },
    { name: '0002-read-views', class: PromptReadViews },
  ],
  readViews: {
    ai_usage_view:
      'One row per model call: shop_id, id, surface, task (chat, task, embedding), engine, source (shop, installation), model, input_tokens, output_tokens, latency_ms, attempts, outcome (ok or an error code), created_at.',
  },
  services: {
    aiService: AiService,
    aiProviderSettingsService: AiProviderSettingsService,
    /** mass_marketing's port: campaign and auto-reply translations. */
    translatorPort: PromptTranslator,
    /** tickets' port: follow-up messages composed from a resolution. */
    followupComposerPort: PromptFollowupComposer,
  },
  errors: promptErrors,
  tools: [getAiProvider, configureAiProvider, testAiProvider],
  retention: [{ table: 'ai_usage', column: 'created_at', days: () => 400 }],
  setup: ({ container, config }) => {
    if (config.ai.provider === 'openai_compatible' && (!config.ai.baseUrl || !config.ai.apiKey))
      throw new Error('PRM_ERR_CONFIG: ai.provider openai_compatible needs ai.baseUrl and ai.apiKey');
    container.register({ promptConfig: asValue(config) });
  },
});
