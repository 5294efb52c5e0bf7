import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { barChart } from '../services/charts.js';
import { periodOf } from '../services/period.js';
import { answer } from './answer.js';
import { chartArg, rangeArgs, RangeOutput } from './args.js';
import { rangeOf } from './range.js';

export const getChannelHealth = defineTool({
  name: 'get_channel_health',
  title: 'Get channel health',
  description:
    'Each messaging line: connection now and over the period messages in and out, failed, delivered and read shares, last message each way, common failures, and health (down, degraded or ok).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...rangeArgs, chart: chartArg }),
  output: Type.Object({
    range: RangeOutput,
    lines: Type.Array(
      Type.Object(
        {
          session_id: Type.Integer(),
          label: Nullable(Type.String()),
          phone: Nullable(Type.String()),
          status: Type.String(),
          sandbox: Type.Boolean(),
          health: Type.Enum(['ok', 'degraded', 'down']),
          connected_at: Nullable(Type.String()),
          disconnected_at: Nullable(Type.String()),
          inbound: Type.Integer(),
          sent: Type.Integer(),
          failed: Type.Integer(),
          failure_pct: Nullable(Type.Number()),
          delivery_pct: Nullable(Type.Number()),
          read_pct: Nullable(Type.Number()),
          last_inbound_at: Nullable(Type.String()),
          last_outbound_at: Nullable(Type.String()),
          top_errors: Type.Array(
            Type.Object({ error: Type.String(), messages: Type.Integer() }, { additionalProperties: false }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async (args, { services, shop, config }) => {
    if (!services.kernelCatalog.names().includes('whatsapp_ops'))
      throw services.statsService.groupMissing('whatsapp_ops');
    const range = args.period || args.date_from || args.date_to ? args : { period: '7d' as const };
    const period = periodOf(range, shop.timezone, config.maxRangeDays);
    const lines = await services.statsChannelHealthService.lines(period);
    return answer({ range: rangeOf(period), lines }, args.chart, () =>
      barChart(
        'Failed sends (%) per line',
        lines.map((l) => ({ label: l.label ?? l.phone ?? `line ${l.session_id}`, value: l.failure_pct ?? 0 })),
      ),
    );
  },
});
