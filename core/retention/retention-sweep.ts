import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { KernelError } from '../errors/kernel-error.js';
import type { Metrics } from '../metrics/metrics.js';
import type { RetentionRule } from './retention-rule.js';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export interface RetentionTarget {
  group: string;
  rule: RetentionRule<never>;
  config: Readonly<Record<string, unknown>>;
}

export interface RetentionLimits {
  batchSize: number;
  maxBatchesPerRun: number;
}

/** What one run did: rows deleted per table, and the rules that failed (the others still ran). */
export interface RetentionReport {
  deleted: Record<string, number>;
  failed: { group: string; table: string; error: string }[];
}

interface PreparedRule {
  group: string;
  table: string;
  config: Readonly<Record<string, unknown>>;
  days: (config: unknown) => number;
  sql: string;
}

/**
 * Deletes what the retention rules release. Each batch is one statement in its own transaction,
 * picking the oldest rows by primary key, so a run holds no lock for long and the hot path's writes
 * to the same tables never wait on it; a backlog larger than a run is finished by the next runs.
 * The key is the table's own, read from the entity that maps it: tables keyed by something other
 * than `id` (a counter keyed by its scope) are swept like the rest.
 */
export class RetentionSweep {
  private readonly rules: PreparedRule[];

  constructor(
    private readonly orm: MikroORM,
    targets: readonly RetentionTarget[],
    private readonly limits: RetentionLimits,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics,
  ) {
    const keys = primaryKeysByTable(orm);
    this.rules = targets.map(({ group, rule, config }) => {
      const names = [rule.table, rule.column, ...(rule.shopDays ? [rule.shopDays.table, rule.shopDays.column] : [])];
      if (!names.every((name) => IDENTIFIER.test(name)))
        throw new KernelError(
          'KRN_ERR_RETENTION_INVALID',
          `retention rule of group "${group}" names "${rule.table}"."${rule.column}"`,
          { group, table: rule.table },
        );
      const key = keys.get(rule.table);
      if (!key)
        throw new KernelError(
          'KRN_ERR_RETENTION_INVALID',
          `retention rule of group "${group}" names table "${rule.table}", which no entity maps`,
          { group, table: rule.table },
        );
      return {
        group,
        table: rule.table,
        config,
        days: rule.days as (config: unknown) => number,
        sql: sweepSql(rule, key),
      };
    });
  }

  /** Every rule, each on its own: a rule that fails is logged and counted, and the next one runs. */
  async run(): Promise<RetentionReport> {
    const report: RetentionReport = { deleted: {}, failed: [] };
    for (const rule of this.rules) {
      try {
        const swept = await this.sweep(rule.sql, rule.days(rule.config));
        report.deleted[rule.table] = (report.deleted[rule.table] ?? 0) + swept;
      } catch (err) {
        report.failed.push({ group: rule.group, table: rule.table, error: (err as Error).message });
        this.metrics.retentionFailures.inc({ group: rule.group, table: rule.table });
        this.log.error({ err, group: rule.group, table: rule.table }, 'a retention rule failed');
      }
    }
    const total = Object.values(report.deleted).reduce((a, b) => a + b, 0);
    if (total > 0) this.log.info({ deleted: report.deleted }, 'retention deleted old rows');
    return report;
  }

  private async sweep(sql: string, days: number): Promise<number> {
    const connection = this.orm.em.getConnection();
    let total = 0;
    for (let batch = 0; batch < this.limits.maxBatchesPerRun; batch++) {
      const result = await connection.execute<{ affectedRows: number }>(sql, [days, this.limits.batchSize], 'run');
      total += result.affectedRows;
      if (result.affectedRows < this.limits.batchSize) break;
    }
    return total;
  }
}

/** Each mapped table's primary key columns, from the ORM's metadata (kernel and groups alike). */
function primaryKeysByTable(orm: MikroORM): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const meta of Object.values(orm.getMetadata().getAll())) {
    if (meta.embeddable || meta.virtual || !meta.tableName) continue;
    keys.set(
      meta.tableName,
      meta.primaryKeys.flatMap((name) => meta.properties[name]!.fieldNames),
    );
  }
  return keys;
}

/** One batch: the oldest `limit` rows past the period, chosen by key and deleted by key. */
function sweepSql(rule: RetentionRule<never>, key: string[]): string {
  const { table, column, shopDays } = rule;
  const period = shopDays
    ? `coalesce((select s."${shopDays.column}" from "${shopDays.table}" s where s."shop_id" = t."shop_id"), ?)`
    : '?';
  const outer = `(${key.map((k) => `"${k}"`).join(', ')})`;
  const inner = key.map((k) => `t."${k}"`).join(', ');
  return `delete from "${table}" where ${outer} in (
      select ${inner} from "${table}" t where t."${column}" < now() - ${period} * interval '1 day'${rule.where ? ` and (${rule.where})` : ''}
      order by ${inner} limit ?)`;
}
