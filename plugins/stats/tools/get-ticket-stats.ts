import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { answer } from './answer.js';
import { lineChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { chartArg, groupByArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

export const getTicketStats = defineTool({
  name: 'get_ticket_stats',
  title: 'Get ticket stats',
  description:
    'Tickets opened and resolved per day, week or month, opened by priority, and hours to resolution (average, median).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, group_by: groupByArg, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    group_by: Type.String(),
    series: Type.Array(
      Type.Object(
        { period: Type.String(), opened: Type.Integer(), resolved: Type.Integer() },
        { additionalProperties: false },
      ),
    ),
    by_priority: Type.Record(Type.String(), Type.Integer()),
    resolution_hours: Type.Object({ average: Nullable(Type.Number()), median: Nullable(Type.Number()) }),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const stats = await services.statsService.ticketSeries(period, args.group_by!);
    if (!stats) throw services.statsService.groupMissing('tickets');
    const result = { range: rangeOf(period), group_by: args.group_by!, ...stats };
    return answer(result, args.chart, () => {
      const rows = stats.series.flatMap((r) => [
        { period: r.period, series: 'opened', value: r.opened },
        { period: r.period, series: 'resolved', value: r.resolved },
      ]);
      return lineChart('Tickets', rows);
    });
  },
});
