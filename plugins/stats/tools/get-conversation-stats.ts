import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { lineChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { answer } from './answer.js';
import { chartArg, groupByArg, rangeArgs, RangeOutput } from './args.js';
import { responseFields } from './outputs.js';
import { rangeOf } from './range.js';

export const getConversationStats = defineTool({
  name: 'get_conversation_stats',
  title: 'Get conversation stats',
  description:
    'How customers were answered: turns started, how many a person answered and minutes to first reply (average, median, p90) per day, week or month; plus the inbox now and conversations opened.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, group_by: groupByArg, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    group_by: Type.String(),
    totals: Type.Object({ ...responseFields, conversations: Type.Integer() }, { additionalProperties: false }),
    series: Type.Array(Type.Object({ period: Type.String(), ...responseFields }, { additionalProperties: false })),
    inbox: Nullable(
      Type.Object(
        {
          new: Type.Integer(),
          total_now: Type.Integer(),
          unread_now: Type.Integer(),
          unread_unassigned_now: Type.Integer(),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async (args, { services, shop, config }) => {
    const stats = services.statsConversationsService;
    if (!services.kernelCatalog.names().includes('whatsapp_ops'))
      throw services.statsService.groupMissing('whatsapp_ops');
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const [responses, inbox] = await Promise.all([stats.responses(period, args.group_by!), stats.inbox(period)]);
    const result = {
      range: rangeOf(period),
      group_by: args.group_by!,
      totals: responses.totals,
      series: responses.series,
      inbox,
    };
    return answer(result, args.chart, () =>
      lineChart(
        'Customer turns and replies',
        responses.series.flatMap((r) => [
          { period: r.period, series: 'turns', value: r.turns },
          { period: r.period, series: 'answered', value: r.answered },
        ]),
      ),
    );
  },
});
