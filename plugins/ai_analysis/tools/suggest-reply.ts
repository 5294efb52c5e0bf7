import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { languageArg, lastNArg, phoneArg, sessionIdArg, toneArg } from './args.js';
import { EngineFields } from './outputs.js';

export const suggestReply = defineTool({
  name: 'suggest_reply',
  title: 'Suggest reply',
  description:
    "Drafts the shop's next reply to a customer: by the AI provider with the shop's prompt and matching knowledge (a model call), else the best matching knowledge snippet as is. Sends nothing.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    phone: phoneArg(),
    session_id: Type.Optional(sessionIdArg),
    tone: Type.Optional(toneArg('The reply’s tone (with a provider).')),
    target_language: Type.Optional(languageArg('The reply’s language; default: the customer’s.')),
    last_n: Type.Optional(lastNArg('The last messages read (default 20).')),
  }),
  output: Type.Object({
    conversation_id: Type.Integer(),
    phone: Type.String(),
    session_id: Type.Integer(),
    reply: Type.Union([Type.String(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    answered_message_id: Type.Optional(Type.Integer()),
    sources: Type.Array(
      Type.Object({
        source: Type.Enum(['snippet', 'document']),
        snippet_id: Type.Union([Type.Integer(), Type.Null()]),
        document_id: Type.Union([Type.Integer(), Type.Null()], { description: 'For a passage of a document.' }),
        heading_path: Type.Union([Type.Array(Type.String()), Type.Null()]),
        title: Type.String(),
        content: Type.String(),
        score: Type.Number(),
      }),
    ),
    method: Type.Optional(Type.String()),
    ...EngineFields,
  }),
  handler: async ({ phone, session_id, tone, target_language, last_n }, { services }) =>
    services.analysisWritingService.suggestReply({
      phone,
      sessionId: session_id,
      tone,
      targetLanguage: target_language,
      lastN: last_n ?? 20,
    }),
});
