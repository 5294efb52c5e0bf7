import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { REWRITE_STYLES } from '../services/writing-service.js';
import { languageArg } from './args.js';

export const rewriteMessage = defineTool({
  name: 'rewrite_message',
  title: 'Rewrite message',
  description:
    "Rewrites a message before sending: a tone, grammar, shorter or longer, optionally in another language, keeping {placeholders}. Needs the shop's AI provider (a model call).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    text: Type.String({ minLength: 1, maxLength: 4096 }),
    style: Type.Enum([...REWRITE_STYLES]),
    target_language: Type.Optional(languageArg('Write it in this language; default: its own.')),
  }),
  output: Type.Object({ text: Type.String(), style: Type.String(), engine: Type.String(), model: Type.String() }),
  handler: async ({ text, style, target_language }, { services }) =>
    services.analysisWritingService.rewrite(text, style, target_language),
});
