import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { barChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { answer } from './answer.js';
import { chartArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

export const getAiUsageStats = defineTool({
  name: 'get_ai_usage_stats',
  title: 'Get AI usage stats',
  description:
    "The assistant's model calls in the period per surface and task: calls, failures, tokens, latency; and the engine answering now.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    engine: Type.String(),
    totals: Type.Object({
      calls: Type.Integer(),
      failed: Type.Integer(),
      input_tokens: Type.Integer(),
      output_tokens: Type.Integer(),
    }),
    by_surface: Type.Array(
      Type.Object(
        {
          surface: Type.String(),
          task: Type.String(),
          calls: Type.Integer(),
          failed: Type.Integer(),
          input_tokens: Type.Integer(),
          output_tokens: Type.Integer(),
          average_latency_ms: Type.Integer(),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const usage = await services.statsAiUsageService.usage(period);
    if (!usage) throw services.statsService.groupMissing('prompt');
    return answer({ range: rangeOf(period), ...usage }, args.chart, () =>
      barChart(
        'Tokens by surface',
        usage.by_surface.map((r) => ({ label: `${r.surface} ${r.task}`, value: r.input_tokens + r.output_tokens })),
      ),
    );
  },
});
