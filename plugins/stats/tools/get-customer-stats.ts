import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { answer } from './answer.js';
import { barChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { chartArg, groupByArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

export const getCustomerStats = defineTool({
  name: 'get_customer_stats',
  title: 'Get customer stats',
  description: 'New customers per day, week or month, with totals: new, returning, and all customers.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, group_by: groupByArg, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    group_by: Type.String(),
    series: Type.Array(Type.Object({ period: Type.String(), new: Type.Integer() }, { additionalProperties: false })),
    totals: Type.Object({ new: Type.Integer(), returning: Type.Integer(), total: Type.Integer() }),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const stats = await services.statsService.customerSeries(period, args.group_by!);
    if (!stats) throw services.statsService.groupMissing('customers');
    const result = { range: rangeOf(period), group_by: args.group_by!, ...stats };
    return answer(result, args.chart, () => {
      const rows = stats.series.map((r) => ({ label: r.period, value: r.new }));
      return barChart('New customers', rows);
    });
  },
});
