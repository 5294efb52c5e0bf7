import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { daysArg, lastNArg, phoneArg, sessionIdArg, summaryTypeArg } from './args.js';
import { EngineFields } from './outputs.js';

export const summarizeConversation = defineTool({
  name: 'summarize_conversation',
  title: 'Summarize conversation',
  description:
    "Summarizes a customer's conversation: quick (what they want, where it stands), actionable (open questions, requests, promises) or detailed (in order). Written by the shop's AI provider (a model call); the built-in engine extracts sentences and facts.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    phone: phoneArg(),
    session_id: Type.Optional(sessionIdArg),
    summary_type: Type.Optional(summaryTypeArg('Default quick.')),
    last_n: Type.Optional(lastNArg('The last messages read (1–200, default 50).')),
    days: Type.Optional(daysArg('Only messages of the last days.')),
  }),
  output: Type.Object({
    conversation_id: Type.Integer(),
    phone: Type.String(),
    session_id: Type.Integer(),
    summary_type: Type.String(),
    summary: Type.String(),
    facts: Type.Object({
      messages: Type.Integer(),
      customer_messages: Type.Integer(),
      first_at: Nullable(Type.String()),
      last_at: Nullable(Type.String()),
      waiting_minutes: Type.Integer(),
      language: Type.String(),
    }),
    key_sentence: Type.Optional(Nullable(Type.Object({ message_id: Type.Integer(), sentence: Type.String() }))),
    open_questions: Type.Optional(
      Type.Array(Type.Union([Type.String(), Type.Object({ message_id: Type.Integer(), question: Type.String() })])),
    ),
    requests: Type.Optional(
      Type.Array(Type.Object({ message_id: Type.Integer(), intent: Type.String(), excerpt: Type.String() })),
    ),
    promises: Type.Optional(
      Type.Array(Type.Union([Type.String(), Type.Object({ message_id: Type.Integer(), promise: Type.String() })])),
    ),
    timeline: Type.Optional(
      Type.Array(
        Type.Object({
          message_id: Type.Integer(),
          at: Type.String(),
          from: Type.String(),
          intent: Type.Optional(Type.String()),
          excerpt: Type.String(),
        }),
      ),
    ),
    key_points: Type.Optional(Type.Array(Type.String())),
    ...EngineFields,
  }),
  handler: async ({ phone, session_id, summary_type, last_n, days }, { services }) =>
    services.analysisSummaryService.summarize({
      phone,
      sessionId: session_id,
      summaryType: summary_type ?? 'quick',
      lastN: last_n ?? 50,
      days,
    }),
});
