import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { answer } from './answer.js';
import { lineChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { chartArg, groupByArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

const Point = Type.Object(
  {
    period: Type.String(),
    inbound: Type.Integer(),
    outbound: Type.Integer(),
    automatic: Type.Integer(),
    failed: Type.Integer(),
    delivered: Type.Integer({ description: 'Sent messages delivered, read ones included.' }),
    read: Type.Integer(),
    credits: Type.Integer(),
  },
  { additionalProperties: false },
);

export const getMessageStats = defineTool({
  name: 'get_message_stats',
  title: 'Get message stats',
  description:
    'Messages per day, week or month: received, sent, failed, delivered, read and credits, with totals and rates; one line with session_id.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    ...rangeArgs,
    group_by: groupByArg,
    session_id: Type.Optional(Type.Integer({ minimum: 1 })),
    chart: chartArg,
  }),
  output: Type.Object({
    range: RangeOutput,
    group_by: Type.String(),
    series: Type.Array(Point),
    totals: Type.Object({
      inbound: Type.Integer(),
      outbound: Type.Integer(),
      automatic: Type.Integer(),
      failed: Type.Integer(),
      credits: Type.Integer(),
      delivery_rate: Nullable(Type.Number({ description: 'Percent of sent messages delivered (read ones included).' })),
      read_rate: Nullable(Type.Number()),
    }),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const stats = await services.statsService.messageSeries(period, args.group_by!, args.session_id);
    if (!stats) throw services.statsService.groupMissing('whatsapp_ops');
    const result = { range: rangeOf(period), group_by: args.group_by!, ...stats };
    return answer(result, args.chart, () => {
      const rows = stats.series.flatMap((r) =>
        (['inbound', 'outbound', 'failed'] as const).map((series) => ({ period: r.period, series, value: r[series] })),
      );
      return lineChart('Messages', rows);
    });
  },
});
