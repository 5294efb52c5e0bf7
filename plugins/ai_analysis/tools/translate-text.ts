import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { languageArg } from './args.js';

export const translateText = defineTool({
  name: 'translate_text',
  title: 'Translate text',
  description:
    "Translates a text with the shop's AI provider (a model call), keeping {placeholders}. Without a provider: ai_provider_required.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    text: Type.String({ minLength: 1, maxLength: 4096 }),
    target_language: languageArg('The language to translate into.'),
    source_language: Type.Optional(languageArg('The text’s language; default: detected.')),
  }),
  output: Type.Object({
    text: Type.String(),
    source_language: Type.String(),
    target_language: Type.String(),
    engine: Type.String(),
    model: Type.String(),
  }),
  handler: async ({ text, target_language, source_language }, { services }) =>
    services.analysisWritingService.translate(text, target_language, source_language),
});
