import { csvRow, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { periodOf, type Period } from '../services/period.js';
import type { Services } from '../../../core/index.js';
import { groupByArg, rangeArgs } from './args.js';

const REPORTS = ['messages', 'tickets', 'customers', 'credits', 'conversations', 'agents', 'channels', 'ai'] as const;
type Report = (typeof REPORTS)[number];

/** One CSV row: nested figures become prefixed columns (first_response_minutes_median), lists one cell. */
function flatten(row: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).flatMap(([key, value]) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(flatten(value as Record<string, unknown>, `${prefix}${key}_`))
        : [[`${prefix}${key}`, Array.isArray(value) ? value.map((v) => Object.values(v).join(' ')).join('; ') : value]],
    ),
  );
}

/** A report's rows, or null when the group it comes from is not enabled. */
async function reportRows(report: Report, p: Period, group: 'day' | 'week' | 'month', services: Services) {
  const stats = services.statsService;
  const enabled = (g: string) => services.kernelCatalog.names().includes(g);
  switch (report) {
    case 'messages':
      return (await stats.messageSeries(p, group))?.series ?? null;
    case 'tickets':
      return (await stats.ticketSeries(p, group))?.series ?? null;
    case 'customers':
      return (await stats.customerSeries(p, group))?.series ?? null;
    case 'credits':
      return (await stats.creditsUsage(p)).by_source;
    case 'conversations':
      return enabled('whatsapp_ops') ? (await services.statsConversationsService.responses(p, group)).series : null;
    case 'agents': {
      const agents = await services.statsAgentsService.agents(p);
      return (
        agents && [...agents.agents, { agent_id: null, nickname: 'unassigned', full_name: null, ...agents.unassigned }]
      );
    }
    case 'channels':
      return enabled('whatsapp_ops') ? await services.statsChannelHealthService.lines(p) : null;
    case 'ai':
      return (await services.statsAiUsageService.usage(p))?.by_surface ?? null;
  }
}

const SOURCE: Record<Report, string> = {
  messages: 'whatsapp_ops',
  tickets: 'tickets',
  customers: 'customers',
  credits: 'whatsapp_ops',
  conversations: 'whatsapp_ops',
  agents: 'agents',
  channels: 'whatsapp_ops',
  ai: 'prompt',
};

export const exportStatsCsv = defineTool({
  name: 'export_stats_csv',
  title: 'Export stats CSV',
  description:
    "A report's rows as CSV for a spreadsheet: messages, tickets, customers or turns per period, credits by source, agents, lines, or model calls. Nested figures become prefixed columns.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ report: Type.Enum(REPORTS), ...rangeArgs, group_by: groupByArg }),
  output: Type.Object({ report: Type.String(), csv: Type.String(), rows: Type.Integer() }),
  handler: async ({ report, group_by, ...range }, { services, shop, config }) => {
    const period = periodOf(range, shop.timezone, config.maxRangeDays);
    const found = await reportRows(report, period, group_by!, services);
    if (!found) throw services.statsService.groupMissing(SOURCE[report]);
    const rows = found.map((r) => flatten(r as Record<string, unknown>));
    const columns = rows[0] ? Object.keys(rows[0]) : [];
    return {
      report,
      csv: (columns.length ? csvRow(columns) : '') + rows.map((r) => csvRow(columns.map((c) => r[c]))).join(''),
      rows: rows.length,
    };
  },
});
