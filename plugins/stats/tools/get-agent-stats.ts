import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { barChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { answer } from './answer.js';
import { chartArg, rangeArgs, RangeOutput } from './args.js';
import { ResponseOutput } from './outputs.js';
import { rangeOf } from './range.js';

const Conversations = Nullable(
  Type.Object({ total_now: Type.Integer(), unread_now: Type.Integer() }, { additionalProperties: false }),
);
const Tickets = Nullable(
  Type.Object(
    { open_now: Type.Integer(), resolved: Type.Integer(), resolution_hours_median: Nullable(Type.Number()) },
    { additionalProperties: false },
  ),
);
const Load = { conversations: Conversations, responses: Nullable(ResponseOutput), tickets: Tickets };

export const getAgentStats = defineTool({
  name: 'get_agent_stats',
  title: 'Get agent stats',
  description:
    "Each agent's load and pace: conversations assigned now, first-reply speed, tickets open and resolved with median hours; also for unassigned work. A section is null when its group is off.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    agents: Type.Array(
      Type.Object(
        { agent_id: Type.Integer(), nickname: Type.String(), full_name: Type.String(), ...Load },
        { additionalProperties: false },
      ),
    ),
    unassigned: Type.Object(Load, { additionalProperties: false }),
  }),
  handler: async (args, { services, shop, config }) => {
    const period = periodOf(args, shop.timezone, config.maxRangeDays);
    const stats = await services.statsAgentsService.agents(period);
    if (!stats) throw services.statsService.groupMissing('agents');
    const result = { range: rangeOf(period), ...stats };
    return answer(result, args.chart, () =>
      barChart(
        'Median minutes to first reply',
        stats.agents.map((a) => ({ label: a.nickname, value: a.responses?.first_response_minutes.median ?? 0 })),
      ),
    );
  },
});
