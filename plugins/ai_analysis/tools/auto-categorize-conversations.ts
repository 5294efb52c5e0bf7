import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { hoursArg, noEffect, phoneArg } from './args.js';
import { EngineFields, FindingsFields } from './outputs.js';

export const autoCategorizeConversations = defineTool({
  name: 'auto_categorize_conversations',
  title: 'Auto-categorize conversations',
  description:
    "Suggests topic, intent, priority, sentiment and language for conversations customers wrote in during the last hours, with the messages that show the intent. By the shop's AI provider (a model call each) or built-in lexicons. Stores nothing: save_conversation_analysis does.",
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
