import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { typeArg } from './args.js';

export const getFollowupStats = defineTool({
  name: 'get_followup_stats',
  title: 'Get follow-up stats',
  description:
    'Follow-ups created over the last days by outcome (skipped by reason), messages sent, credits, and replies within 72 hours, overall and by sending hour.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
    type: Type.Optional(typeArg()),
  }),
  output: Type.Object({
    days: Type.Integer(),
    type: Nullable(Type.String()),
    followups: Type.Object({
      scheduled: Type.Integer(),
      sent: Type.Integer(),
      replied: Type.Integer(),
      converted: Type.Integer(),
      cancelled: Type.Integer(),
      failed: Type.Integer(),
      skipped: Type.Record(Type.String(), Type.Integer()),
    }),
    messages: Type.Object({ sent: Type.Integer(), credits: Type.Integer(), replied_within_72h: Type.Integer() }),
    reply_rate: Nullable(Type.Number()),
    reply_rate_by_hour: Type.Array(
      Type.Object({ hour: Type.Integer(), sent: Type.Integer(), replied: Type.Integer(), rate: Type.Number() }),
    ),
  }),
  handler: async ({ days, type }, { services }) => services.followupStatsService.stats(days ?? 30, type),
});
