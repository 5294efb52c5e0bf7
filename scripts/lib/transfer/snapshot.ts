import { IsolationLevel, type EntityManager } from '@mikro-orm/postgresql';
import { appliedMigrations, planTables, quote, type TablePlan } from './table-plan.js';

export const BATCH_ROWS = 2_000;

export interface SnapshotHeader {
  migrations: string[];
  tables: TablePlan[];
}

/** Where a snapshot's rows go: a backup file, or another database. */
export interface SnapshotSink {
  begin(header: SnapshotHeader): Promise<void>;
  table(plan: TablePlan): Promise<void>;
  /** Each row is its JSON text (to_jsonb), never parsed here: bigints and numerics keep every digit. */
  rows(plan: TablePlan, rows: string[]): Promise<void>;
  end(counts: Record<string, number>): Promise<void>;
}

/**
 * Reads every table in one REPEATABLE READ, read-only transaction: one consistent snapshot while the
 * server keeps writing, without blocking it. Rows stream through a cursor in batches. Every
 * statement goes through the transaction's EntityManager: the embedded engine serves one
 * connection at a time, and a statement on another pooled connection would wait forever.
 */
export async function readSnapshot(em: EntityManager, sink: SnapshotSink): Promise<Record<string, number>> {
  return em.fork().transactional(
    async (tem) => {
      const header = { migrations: await appliedMigrations(tem), tables: await planTables(tem) };
      await sink.begin(header);
      const counts: Record<string, number> = {};
      for (const plan of header.tables) {
        await sink.table(plan);
        const columns = plan.columns.map(quote).join(', ');
        const order = plan.orderBy.length ? ` order by ${plan.orderBy.map(quote).join(', ')}` : '';
        await tem.execute(
          `declare transfer_rows no scroll cursor for select to_jsonb(t)::text as r from (select ${columns} from ${quote(plan.name)}${order}) t`,
        );
        counts[plan.name] = 0;
        for (;;) {
          const batch = await tem.execute<{ r: string }[]>(`fetch ${BATCH_ROWS} from transfer_rows`);
          if (batch.length === 0) break;
          counts[plan.name] += batch.length;
          await sink.rows(
            plan,
            batch.map((row) => row.r),
          );
        }
        await tem.execute('close transfer_rows');
      }
      await sink.end(counts);
      return counts;
    },
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}
