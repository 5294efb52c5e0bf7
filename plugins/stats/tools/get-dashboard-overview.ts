import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { answer } from './answer.js';
import { lineChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { chartArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

const Metric = Type.Object(
  { value: Type.Number(), previous: Type.Number(), change_pct: Nullable(Type.Number()) },
  { additionalProperties: false },
);
const Section = (fields: Record<string, ReturnType<typeof Type.Number> | typeof Metric>) =>
  Nullable(Type.Object(fields, { additionalProperties: false }));

export const getDashboardOverview = defineTool({
  name: 'get_dashboard_overview',
  title: 'Get dashboard overview',
  description:
    "The shop's headline figures for a period against the previous one of the same length: messages, failures, people writing, new customers, tickets, credits and balance. A section is null when its group is off.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    messages: Section({
      inbound: Metric,
      outbound: Metric,
      automatic_outbound: Metric,
      failed: Metric,
      contacts_writing: Metric,
    }),
    customers: Section({ new: Metric, total: Type.Number() }),
    tickets: Section({ opened: Metric, resolved: Metric, open_now: Type.Number() }),
    credits: Type.Object({ spent: Metric, purchased: Metric, granted: Metric, balance: Type.Number() }),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const result = { range: rangeOf(period), ...(await services.statsService.overview(period)) };
    return answer(result, args.chart, async () => {
      const series = (await services.statsService.messageSeries(period, 'day'))?.series ?? [];
      const rows = series.flatMap((r) => [
        { period: r.period, series: 'inbound', value: r.inbound },
        { period: r.period, series: 'outbound', value: r.outbound },
      ]);
      return lineChart('Messages per day', rows);
    });
  },
});
