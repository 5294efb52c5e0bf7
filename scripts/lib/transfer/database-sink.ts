import type { EntityManager } from '@mikro-orm/postgresql';
import type { SnapshotHeader, SnapshotSink } from './snapshot.js';
import { appliedMigrations, planTables, quote, type TablePlan } from './table-plan.js';

export class TransferError extends Error {}

/**
 * Loads a snapshot into a migrated, empty database in one transaction: all of it lands, or none.
 * The schemas must match migration for migration; rows are inserted through
 * jsonb_populate_recordset, so every type round-trips through its own text form.
 */
export async function loadInto(
  em: EntityManager,
  produce: (sink: SnapshotSink) => Promise<unknown>,
): Promise<Record<string, number>> {
  return em.fork().transactional(async (tem) => {
    const written: Record<string, number> = {};
    let expected: Record<string, number> = {};
    const sink: SnapshotSink = {
      async begin(header: SnapshotHeader) {
        const here = await appliedMigrations(tem);
        const missing = header.migrations.filter((name) => !here.includes(name));
        const extra = here.filter((name) => !header.migrations.includes(name));
        if (missing.length || extra.length)
          throw new TransferError(
            `the schemas differ: ${missing.length ? `the source has migrations this database lacks (${missing.join(', ')})` : ''}${missing.length && extra.length ? '; ' : ''}${extra.length ? `this database has migrations the source lacks (${extra.join(', ')})` : ''}. Enable the same groups and run the same version on both sides.`,
          );
        const tables = new Map((await planTables(tem)).map((plan) => [plan.name, plan]));
        for (const plan of header.tables) {
          const mine = tables.get(plan.name);
          if (!mine || mine.columns.join() !== plan.columns.join())
            throw new TransferError(`table ${plan.name} differs between the source and this database`);
          const [row] = await tem.execute<{ any: boolean }[]>(
            `select exists (select 1 from ${quote(plan.name)}) as "any"`,
          );
          if (row!.any)
            throw new TransferError(
              `this database is not empty: table ${plan.name} has rows; load only into an empty one`,
            );
        }
      },
      async table(plan: TablePlan) {
        written[plan.name] = 0;
      },
      async rows(plan: TablePlan, rows: string[]) {
        const columns = plan.columns.map(quote).join(', ');
        await tem.execute(
          `insert into ${quote(plan.name)} (${columns}) select ${columns} from jsonb_populate_recordset(null::${quote(plan.name)}, ?::jsonb)`,
          [`[${rows.join(',')}]`],
        );
        written[plan.name]! += rows.length;
      },
      async end(counts: Record<string, number>) {
        expected = counts;
      },
    };
    await produce(sink);
    await resetSequences(tem);
    for (const [table, count] of Object.entries(expected)) {
      const [row] = await tem.execute<{ n: string }[]>(`select count(*) as n from ${quote(table)}`);
      if (Number(row!.n) !== count || written[table] !== count)
        throw new TransferError(`table ${table}: ${count} rows read, ${row!.n} present after loading`);
    }
    return expected;
  });
}

/** Serial columns continue after the highest id loaded, so the next insert does not collide. */
async function resetSequences(em: EntityManager): Promise<void> {
  const serials = await em.execute<{ table: string; column: string }[]>(
    `select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  for (const { table, column } of serials)
    await em.execute(
      `select setval(pg_get_serial_sequence(?, ?), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
      [quote(table), column],
    );
}
