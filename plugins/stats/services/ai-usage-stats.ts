import type { Period } from './period.js';
import { StatsReader } from './stats-reader.js';

type Row = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);

/** The shop's model calls in a period (the prompt group's usage rows), per surface and task. */
export class AiUsageStatsService extends StatsReader {
  async usage(p: Period) {
    if (!this.has('prompt')) return null;
    const rows = await this.em.execute<Row[]>(
      `select surface, task, count(*)::int as calls, count(*) filter (where outcome <> 'ok')::int as failed,
              coalesce(sum(input_tokens), 0)::bigint as input_tokens, coalesce(sum(output_tokens), 0)::bigint as output_tokens,
              coalesce(round(avg(latency_ms)), 0)::int as average_latency_ms
       from ai_usage_view where shop_id = ? and created_at >= ? and created_at < ?
       group by 1, 2 order by 3 desc, 1, 2`,
      [this.shopId, p.from, p.to],
    );
    const by = rows.map((r) => ({
      surface: String(r.surface),
      task: String(r.task),
      calls: n(r.calls),
      failed: n(r.failed),
      input_tokens: n(r.input_tokens),
      output_tokens: n(r.output_tokens),
      average_latency_ms: n(r.average_latency_ms),
    }));
    const sum = (k: 'calls' | 'failed' | 'input_tokens' | 'output_tokens') => by.reduce((t, r) => t + r[k], 0);
    return {
      engine: (await this.deps.promptAiService.engine()).engine,
      totals: {
        calls: sum('calls'),
        failed: sum('failed'),
        input_tokens: sum('input_tokens'),
        output_tokens: sum('output_tokens'),
      },
      by_surface: by,
    };
  }
}
