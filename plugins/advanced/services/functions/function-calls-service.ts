import { sql, type Paging, type Services, parseShopDay } from '../../../../core/index.js';
import type { CallSource, CallStatus } from '../../entities/values.js';

export interface CallFilters {
  function_id?: number;
  status?: CallStatus;
  source?: CallSource;
  date_from?: string;
  date_to?: string;
}

interface CallRow {
  id: string;
  function_id: number;
  function_name: string;
  source: CallSource;
  surface: string | null;
  status: CallStatus;
  status_code: number | null;
  duration_ms: number;
  arguments: unknown;
  result: string | null;
  truncated: boolean;
  error: string | null;
  created_at: string | Date;
  total: string;
}

/** The call log of the shop's functions, and the last day's figures of one. */
export class FunctionCallsService {
  constructor(private readonly deps: Services) {}

  async list(filters: CallFilters, paging: Paging) {
    const zone = this.deps.shop.timezone;
    const values: unknown[] = [this.deps.shop.id];
    const clauses = ['"shop_id" = $1'];
    const add = (clause: string, value: unknown) => {
      values.push(value);
      clauses.push(clause.replace('?', `$${values.length}`));
    };
    if (filters.function_id !== undefined) add('"function_id" = ?', filters.function_id);
    if (filters.status) add('"status" = ?', filters.status);
    if (filters.source) add('"source" = ?', filters.source);
    if (filters.date_from) add('"created_at" >= ?', parseShopDay(filters.date_from, zone, 'date_from', 'start'));
    if (filters.date_to) add('"created_at" < ?', parseShopDay(filters.date_to, zone, 'date_to', 'end'));
    const where = clauses.join(' and ');
    const rows = await sql<CallRow>(
      this.deps.em,
      `select *, count(*) over () as "total" from "custom_function_calls" where ${where}
       order by "created_at" desc, "id" desc limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, paging.limit, paging.offset],
    );
    let count = rows.length > 0 ? Number(rows[0]!.total) : 0;
    if (rows.length === 0 && paging.offset > 0) {
      const [row] = await sql<{ n: string }>(
        this.deps.em,
        `select count(*) as "n" from "custom_function_calls" where ${where}`,
        values,
      );
      count = Number(row!.n);
    }
    return {
      rows: rows.map((r) => ({
        call_id: Number(r.id),
        function_id: r.function_id,
        function_name: r.function_name,
        source: r.source,
        surface: r.surface,
        status: r.status,
        status_code: r.status_code,
        duration_ms: r.duration_ms,
        arguments: r.arguments,
        result: r.result,
        truncated: r.truncated,
        error: r.error,
        created_at: new Date(r.created_at).toISOString(),
      })),
      count,
    };
  }

  async stats24h(functionId: number) {
    const [row] = await sql<{ calls: string; errors: string; p95: number | null }>(
      this.deps.em,
      `select count(*) as "calls", count(*) filter (where "status" <> 'ok') as "errors",
              percentile_cont(0.95) within group (order by "duration_ms") as "p95"
       from "custom_function_calls" where "shop_id" = $1 and "function_id" = $2 and "created_at" >= now() - interval '1 day'`,
      [this.deps.shop.id, functionId],
    );
    return {
      calls: Number(row!.calls),
      errors: Number(row!.errors),
      latency_p95_ms: row!.p95 === null ? null : Math.round(row!.p95),
    };
  }
}
