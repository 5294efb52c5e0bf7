import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

const Counts = Type.Object({
  widget: Type.String(),
  sessions: Type.Integer(),
  visitor_messages: Type.Integer(),
  assistant_answers: Type.Integer(),
  agent_replies: Type.Integer(),
  handed_off: Type.Integer(),
  answered_percent: Nullable(
    Type.Number({ description: 'Share of visitor messages the assistant answered itself; null without messages.' }),
  ),
});

export const getPluginStats = defineTool({
  name: 'get_plugin_stats',
  title: 'Widget statistics',
  description:
    "Per widget over the last days: conversations, visitor messages, assistant answers, people's replies, hand-overs.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })) }),
  output: Type.Object({ days: Type.Integer(), widgets: Type.Array(Counts) }),
  handler: async ({ days }, { services }) => services.widgetPreviewService.stats(days ?? 30),
});
