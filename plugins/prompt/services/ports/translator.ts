import { Type, type Services } from '../../../../core/index.js';
import type { TranslatorPort } from '../../../mass_marketing/surface.js';

const TRANSLATION = Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false });

/**
 * mass_marketing's `translatorPort` on the shop's AI engine. The built-in engine cannot translate
 * freely, so the port says it is not available there (the campaign log then says no provider is
 * configured). Campaign texts are shop-wide, not one surface: metered under `all`.
 */
export class PromptTranslator implements TranslatorPort {
  constructor(private readonly deps: Services) {}

  async available(): Promise<boolean> {
    return this.deps.promptAiService.hasLanguageModel();
  }

  async translate(request: { text: string; targetLanguage: string; sourceLanguage: string | null }) {
    const answer = await this.deps.promptAiService.chat({
      surface: 'all',
      task: 'task',
      schema: TRANSLATION,
      messages: [
        {
          role: 'system',
          content:
            'You translate a business message for its customer. Keep its meaning, tone, line breaks, emoji and links. ' +
            'Words in curly braces such as {nombre} are placeholders: copy each one unchanged and untranslated. ' +
            'Answer with JSON only: {"text": "<the translation>"}.',
        },
        {
          role: 'user',
          content: `Translate from ${request.sourceLanguage ?? 'its language'} to ${request.targetLanguage}:\n\n${request.text}`,
        },
      ],
    });
    return { text: (answer.data as { text: string }).text };
  }
}
