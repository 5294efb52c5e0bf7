import { csvRow, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { periodOf } from '../services/period.js';
import { groupByArg, rangeArgs } from './args.js';

const REPORTS = ['messages', 'tickets', 'customers', 'credits'] as const;

export const exportStatsCsv = defineTool({
  name: 'export_stats_csv',
  title: 'Export stats CSV',
  description:
    'A report’s rows as CSV (RFC 4180) for a spreadsheet: messages, tickets or customers per period, or credits by source.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ report: Type.Enum(REPORTS), ...rangeArgs, group_by: groupByArg }),
  output: Type.Object({ report: Type.String(), csv: Type.String(), rows: Type.Integer() }),
  handler: async ({ report, group_by, ...range }, { services, shop, config }) => {
    const period = periodOf(range, shop.timezone, config.maxRangeDays);
    const stats = services.statsService;
    const rows: Record<string, unknown>[] | null =
      report === 'messages'
        ? ((await stats.messageSeries(period, group_by!))?.series ?? null)
        : report === 'tickets'
          ? ((await stats.ticketSeries(period, group_by!))?.series ?? null)
          : report === 'customers'
            ? ((await stats.customerSeries(period, group_by!))?.series ?? null)
            : (await stats.creditsUsage(period)).by_source;
    if (!rows)
      throw stats.groupMissing(
        report === 'tickets' ? 'tickets' : report === 'customers' ? 'customers' : 'whatsapp_ops',
      );
    const columns = rows[0] ? Object.keys(rows[0]) : [];
    return {
      report,
      csv: (columns.length ? csvRow(columns) : '') + rows.map((r) => csvRow(columns.map((c) => r[c]))).join(''),
      rows: rows.length,
    };
  },
});
