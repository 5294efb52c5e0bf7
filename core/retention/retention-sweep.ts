import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { KernelError } from '../errors/kernel-error.js';
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

/**
 * Deletes what the retention rules release. Each batch is one statement in its own transaction,
 * picking the oldest ids by primary key, so a run holds no lock for long and the hot path's writes
 * to the same tables never wait on it; a backlog larger than a run is finished by the next runs.
 */
export class RetentionSweep {
  constructor(
    private readonly orm: MikroORM,
    private readonly targets: readonly RetentionTarget[],
    private readonly limits: RetentionLimits,
    private readonly log: FastifyBaseLogger,
  ) {
    for (const { group, rule } of targets) {
      const names = [rule.table, rule.column, ...(rule.shopDays ? [rule.shopDays.table, rule.shopDays.column] : [])];
      if (!names.every((name) => IDENTIFIER.test(name)))
        throw new KernelError(
          'KRN_ERR_RETENTION_INVALID',
          `retention rule of group "${group}" names "${rule.table}"."${rule.column}"`,
          { group, table: rule.table },
        );
    }
  }

  /** Rows deleted per table in this run. */
  async run(): Promise<Record<string, number>> {
    const deleted: Record<string, number> = {};
    for (const { rule, config } of this.targets) {
      const days = (rule.days as (config: unknown) => number)(config);
      deleted[rule.table] = (deleted[rule.table] ?? 0) + (await this.sweep(rule, days));
    }
    const total = Object.values(deleted).reduce((a, b) => a + b, 0);
    if (total > 0) this.log.info({ deleted }, 'retention deleted old rows');
    return deleted;
  }

  private async sweep(rule: RetentionRule<never>, days: number): Promise<number> {
    const { table, column, shopDays } = rule;
    const period = shopDays
      ? `coalesce((select s."${shopDays.column}" from "${shopDays.table}" s where s."shop_id" = t."shop_id"), ?)`
      : '?';
    const sql = `delete from "${table}" where "id" in (
      select t."id" from "${table}" t where t."${column}" < now() - ${period} * interval '1 day'${rule.where ? ` and (${rule.where})` : ''}
      order by t."id" limit ?)`;
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
