import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { answer } from './answer.js';
import { barChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { chartArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

export const getCreditsUsageStats = defineTool({
  name: 'get_credits_usage_stats',
  title: 'Get credits usage stats',
  description:
    'Where credits went in a period: messages by sender (campaign, followup, calendar…) and the ledger by kind.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    by_source: Nullable(
      Type.Array(
        Type.Object(
          { source: Type.String(), messages: Type.Integer(), credits: Type.Integer() },
          { additionalProperties: false },
        ),
      ),
    ),
    ledger: Type.Record(Type.String(), Type.Integer()),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const result = { range: rangeOf(period), ...(await services.statsService.creditsUsage(period)) };
    return answer(result, args.chart && result.by_source !== null, () =>
      barChart(
        'Credits by source',
        (result.by_source ?? []).map((r) => ({ label: r.source, value: r.credits })),
      ),
    );
  },
});
