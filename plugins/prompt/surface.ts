/** The prompt group as other groups see it: the AI runtime. Types only. */
import type { AiService } from './services/ai/ai-service.js';
import type { AiProviderSettingsService } from './services/provider-settings-service.js';
import type { PromptService } from './services/prompts/prompt-service.js';
import type { PromptInstructionService } from './services/prompts/instruction-service.js';
import type { AiLearningService } from './services/learning/learning-service.js';

export type { AiService, PromptService, AiLearningService };
export type { ChatAnswer, ChatRequest } from './services/ai/ai-service.js';
export type { AiTask, ChatMessage, ResolvedEngine, Surface } from './services/ai/ai-types.js';
export { BUILTIN_NOTICE, SURFACES, embeddingModelOf } from './services/ai/ai-types.js';
/** The runtime's error codes, for the catalogues of groups whose tools ask it for a model. */
export { aiErrorEntries } from './errors.js';
export { detectLanguage, WIDGET_LANGUAGES } from './services/builtin/language.js';
export { fingerprint } from './services/learning/fingerprint.js';
export type { DetectedLanguage, WidgetLanguage } from './services/builtin/language.js';

declare module '../../core/index.js' {
  interface GroupServices {
    promptAiService: AiService;
    promptProviderSettingsService: AiProviderSettingsService;
    promptService: PromptService;
    promptInstructionService: PromptInstructionService;
    promptLearningService: AiLearningService;
  }
}
