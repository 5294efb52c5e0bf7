import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const detectLanguage = defineTool({
  name: 'detect_language',
  title: 'Detect language',
  description:
    'The language of a text or of a customer (es, en, de, fr, pt, it, hu; und when unsure), with how it decided and its confidence. Give exactly one of text and phone.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    phone: Type.Optional(phoneArg()),
  }),
  output: Type.Object({
    language: Type.String(),
    confidence: Type.Number(),
    reliable: Type.Boolean(),
    method: Type.String(),
    phone_prefix_language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    engine: Type.String(),
    notice: Type.String(),
  }),
  handler: async ({ text, phone }, { services }) => services.analysisInsightsService.language(text, phone),
});
