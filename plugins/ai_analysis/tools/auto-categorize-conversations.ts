import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { hoursArg, noEffect, phoneArg } from './args.js';
import { EngineFields, FindingsFields } from './outputs.js';

export const autoCategorizeConversations = defineTool({
  name: 'auto_categorize_conversations',
  title: 'Auto-categorize conversations',
  description:
    'Categorizes the conversations customers wrote in during the last hours (newest activity first) by topic, intent and priority (P0–P3, the tickets scale), with sentiment, language and the customer messages that show the intent; automatic messages are context, never evidence. The shop’s AI provider decides when one is configured (a model call per conversation); the built-in engine uses cue lexicons in seven languages. A conversation whose newest message already has a stored analysis shows it (cached). Suggests only: save_conversation_analysis stores.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  action: 'auto',
  input: Type.Object({
    hours: Type.Optional(hoursArg('Conversations the customer wrote in during the last hours (1–720, default 24).')),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 20, description: 'Conversations at most (1–20, default 10).' }),
    ),
    phone: Type.Optional(phoneArg('Only this customer’s conversations (all lines).')),
    summary_type: noEffect.summary_type(),
    days: noEffect.days(),
    tone: noEffect.tone(),
    target_language: noEffect.target_language(),
    last_n: noEffect.last_n(),
  }),
  output: Type.Object({
    conversations: Type.Array(
      Type.Object({
        conversation_id: Type.Integer(),
        phone: Type.String(),
        session_id: Type.Integer(),
        last_message_id: Type.Union([Type.Integer(), Type.Null()]),
        cached: Type.Boolean(),
        ...FindingsFields,
      }),
    ),
    count: Type.Integer(),
    hours: Type.Integer(),
    limit: Type.Integer(),
    ...EngineFields,
  }),
  handler: async ({ hours, limit, phone }, { services }) =>
    services.analysisCategorizeService.categorize({ hours: hours ?? 24, limit: limit ?? 10, phone }),
});
