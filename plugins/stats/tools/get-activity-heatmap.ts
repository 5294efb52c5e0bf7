import { DayNameOutput, DayOfWeekOutput, Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { answer } from './answer.js';
import { heatmapChart } from '../services/charts.js';
import { chartArg } from './args.js';

export const getActivityHeatmap = defineTool({
  name: 'get_activity_heatmap',
  title: 'Get activity heatmap',
  description:
    "When messages come and go: a 7×24 grid by day_of_week and hour on the shop's clock over the last `days` days, with the busiest hour — for staffing and campaign timing.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    days: Type.Integer({ minimum: 7, maximum: 365, default: 90 }),
    direction: Type.Optional(Type.Enum(['inbound', 'outbound'])),
    chart: chartArg,
  }),
  output: Type.Object({
    days: Type.Integer(),
    timezone: Type.String(),
    matrix: Type.Array(Type.Array(Type.Integer(), { minItems: 24, maxItems: 24 }), { minItems: 7, maxItems: 7 }),
    peak: Nullable(
      Type.Object(
        {
          day_of_week: DayOfWeekOutput(),
          day_name: DayNameOutput(),
          hour: Type.Integer(),
          messages: Type.Integer(),
        },
        { additionalProperties: false },
      ),
    ),
    total: Type.Integer(),
  }),
  handler: async ({ days, direction, chart }, { services, shop }) => {
    const grid = await services.statsService.heatmap(days!, direction as 'inbound' | 'outbound' | undefined);
    if (!grid) throw services.statsService.groupMissing('whatsapp_ops');
    const result = { days: days!, timezone: shop.timezone, ...grid };
    return answer(result, chart, () => heatmapChart('Messages by weekday and hour', grid.matrix));
  },
});
