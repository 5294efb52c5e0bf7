import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getVoiceStats = defineTool({
  name: 'get_voice_stats',
  title: 'Voice call statistics',
  description: 'Over the last days: calls, minutes, resolved, handed over, abandoned, failed, hand-over messages.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })) }),
  output: Type.Object({
    days: Type.Integer(),
    calls: Type.Integer(),
    minutes: Type.Number(),
    resolved: Type.Integer(),
    handed_off: Type.Integer(),
    abandoned: Type.Integer(),
    failed: Type.Integer(),
    handoff_messages_sent: Type.Integer(),
    resolved_percent: Nullable(Type.Number()),
    average_seconds: Nullable(Type.Integer()),
  }),
  handler: async ({ days }, { services }) => services.voiceCallsService.stats(days ?? 30),
});
