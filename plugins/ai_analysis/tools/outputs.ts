import { DateTime, Nullable, Type } from '../../../core/index.js';

/** Which engine answered: every answer says it (the built-in one with its notice). */
export const EngineFields = {
  engine: Type.String(),
  model: Nullable(Type.String()),
  notice: Type.Optional(Type.String()),
};

export const EvidenceOutput = Type.Object({ message_id: Type.Integer(), excerpt: Type.String() });

export const FindingsFields = {
  topic: Type.String(),
  intent: Type.String(),
  priority: Type.String(),
  priority_reason: Type.String(),
  sentiment: Type.String(),
  sentiment_score: Nullable(Type.Number()),
  language: Type.String(),
  language_method: Type.String(),
  confidence: Nullable(Type.Number()),
  evidence: Type.Array(EvidenceOutput),
  waiting_minutes: Type.Integer(),
};

export const AnalysisOutput = Type.Object({
  id: Type.Integer(),
  conversation_id: Type.Integer(),
  session_id: Type.Integer(),
  phone: Type.String(),
  topic: Type.String(),
  intent: Type.String(),
  priority: Type.String(),
  sentiment: Type.String(),
  language: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  confidence: Nullable(Type.Number()),
  evidence: Type.Array(EvidenceOutput),
  last_message_id: Nullable(Type.Integer()),
  source: Type.String(),
  engine: Type.String(),
  created_at: DateTime(),
});

export const SettingsOutput = Type.Object({
  settings: Type.Object({
    topics: Type.Array(
      Type.Object({
        key: Type.String(),
        label: Type.String(),
        keywords: Type.Record(Type.String(), Type.Array(Type.String())),
      }),
    ),
    tag_rules: Type.Array(Type.Object({ when: Type.String(), tag: Type.String() })),
    auto_categorize_inbound: Type.Boolean(),
    categorize_after_idle_minutes: Type.Integer(),
    builtin_for: Type.Array(Type.String()),
    builtin_topics: Type.Array(Type.String()),
    intents: Type.Array(Type.String()),
  }),
});
