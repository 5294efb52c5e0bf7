import { definePlugin } from '../../core/index.js';
import { PromptConfig } from './config.js';
import { promptErrors } from './errors.js';
import { AiProviderSetting } from './entities/ai-provider-setting.entity.js';
import { AiUsage } from './entities/ai-usage.entity.js';
import { PromptInit } from './migrations/0001-init.js';
import { PromptReadViews } from './migrations/0002-read-views.js';
import { PromptPromptsAndLearning } from './migrations/0003-prompts-and-learning.js';
import { PromptFeedbackView } from './migrations/0004-feedback-view.js';
import { PromptTenantIndexesCovered } from './migrations/0005-tenant-indexes-covered.js';
import { PromptVersion } from './entities/prompt-version.entity.js';
import { LearningSetting } from './entities/learning-setting.entity.js';
import { LearnedRule } from './entities/learned-rule.entity.js';
import { AiFeedback } from './entities/ai-feedback.entity.js';
import { PromptService } from './services/prompts/prompt-service.js';
import { PromptInstructionService } from './services/prompts/instruction-service.js';
import { AiLearningService } from './services/learning/learning-service.js';
import { getPrompt } from './tools/get-prompt.js';
import { savePrompt } from './tools/save-prompt.js';
import { listPromptVersions } from './tools/list-prompt-versions.js';
import { restorePromptVersion } from './tools/restore-prompt-version.js';
import { applyPromptInstruction } from './tools/apply-prompt-instruction.js';
import { configureAiLearning } from './tools/configure-ai-learning.js';
import { getAiLearning } from './tools/get-ai-learning.js';
import { reviewLearnedRule } from './tools/review-learned-rule.js';
import { recordAiFeedback } from './tools/record-ai-feedback.js';
import { AiService } from './services/ai/ai-service.js';
import { AiProviderSettingsService } from './services/provider-settings-service.js';
import { PromptTranslator } from './services/ports/translator.js';
import { PromptFollowupComposer } from './services/ports/followup-composer.js';
import { getAiProvider } from './tools/get-ai-provider.js';
import { configureAiProvider } from './tools/configure-ai-provider.js';
import { testAiProvider } from './tools/test-ai-provider.js';

/**
 * prompt: the assistant's instructions and the AI runtime every AI group asks for a model
 * (`promptAiService`): the shop's own OpenAI-compatible provider, the installation's, or the built-in
 * engine (no language model, labelled in every answer); a deadline and a retry policy on every
 * call, JSON checked locally, usage metered per shop and surface, a monthly token budget, and no
 * model call inside a database transaction.
 */
export default definePlugin({
  name: 'prompt',
  version: '1.0.0',
  description:
    'The assistant’s prompt (versions, per-surface additions, instructions previewed before saving), learning from agents’ corrections, and the AI runtime and its provider.',
  kernel: '^1.0.0',
  configSchema: PromptConfig,
  entities: [AiProviderSetting, AiUsage, PromptVersion, LearningSetting, LearnedRule, AiFeedback],
  migrations: [
    { name: '0001-init', class: PromptInit },
    { name: '0002-read-views', class: PromptReadViews },
    { name: '0003-prompts-and-learning', class: PromptPromptsAndLearning },
    { name: '0004-feedback-view', class: PromptFeedbackView },
    { name: '0005-tenant-indexes-covered', class: PromptTenantIndexesCovered },
  ],
  readViews: {
    ai_feedback_view:
      'Agents’ verdicts on assistant answers: shop_id, id, surface, rating (good, bad), answer, correction, category, created_at.',
    ai_usage_view:
      'One row per model call: shop_id, id, surface, task (chat, task, embedding), engine, source (shop, installation), model, input_tokens, output_tokens, latency_ms, attempts, outcome (ok or an error code), created_at.',
  },
  services: {
    promptAiService: AiService,
    promptProviderSettingsService: AiProviderSettingsService,
    promptService: PromptService,
    promptInstructionService: PromptInstructionService,
    promptLearningService: AiLearningService,
    /** mass_marketing's port: campaign and auto-reply translations. */
    translatorPort: PromptTranslator,
    /** tickets' port: follow-up messages composed from a resolution. */
    followupComposerPort: PromptFollowupComposer,
  },
  errors: promptErrors,
  tools: [
    getPrompt,
    savePrompt,
    listPromptVersions,
    restorePromptVersion,
    applyPromptInstruction,
    configureAiLearning,
    getAiLearning,
    reviewLearnedRule,
    recordAiFeedback,
    getAiProvider,
    configureAiProvider,
    testAiProvider,
  ],
  retention: [{ table: 'ai_usage', column: 'created_at', days: () => 400 }],
  setup: ({ config }) => {
    if (config.ai.provider === 'openai_compatible' && (!config.ai.baseUrl || !config.ai.apiKey))
      throw new Error('PRM_ERR_CONFIG: ai.provider openai_compatible needs ai.baseUrl and ai.apiKey');
  },
});
