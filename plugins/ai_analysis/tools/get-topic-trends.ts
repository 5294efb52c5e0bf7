import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { TREND_DIMENSIONS } from '../services/records-service.js';

export const getTopicTrends = defineTool({
  name: 'get_topic_trends',
  title: 'Get topic trends',
  description:
    'Conversations per topic (or intent, sentiment, priority) per day or week over the last days, from stored analyses; each conversation counted once per period.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })),
    group_by: Type.Optional(Type.Enum(['day', 'week'], { default: 'day' })),
    by: Type.Optional(Type.Enum([...TREND_DIMENSIONS], { default: 'topic' })),
  }),
  output: Type.Object({
    by: Type.String(),
    group_by: Type.String(),
    days: Type.Integer(),
    series: Type.Array(Type.Object({ period: Type.String(), counts: Type.Record(Type.String(), Type.Integer()) })),
    totals: Type.Record(Type.String(), Type.Integer()),
  }),
  handler: async ({ days, group_by, by }, { services }) =>
    services.analysisRecordsService.trends(days ?? 30, group_by ?? 'day', by ?? 'topic'),
});
