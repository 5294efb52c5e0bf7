import type { EntityManager } from '@mikro-orm/postgresql';

/** What a transfer copies of one table: its stored (not generated) columns, and the key rows are read in. */
export interface TablePlan {
  name: string;
  columns: string[];
  orderBy: string[];
}

/** The migrator's own bookkeeping: each side keeps its own, and the transfer compares them instead. */
const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * The schema's tables, parents before children (foreign keys), so rows load in an order the
 * constraints accept without switching them off (which needs a superuser on most servers).
 */
export async function planTables(em: EntityManager): Promise<TablePlan[]> {
  const columns = await em.execute<{ table: string; column: string }[]>(
    `select c.relname as "table", a.attname as "column" from pg_class c
       join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0
        and not a.attisdropped and a.attgenerated = '' and c.relname <> ?
      order by c.relname, a.attnum`,
    [MIGRATIONS_TABLE],
  );
  const keys = await em.execute<{ table: string; column: string }[]>(
    `select c.relname as "table", a.attname as "column" from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where i.indisprimary and c.relnamespace = 'public'::regnamespace
      order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await em.execute<{ child: string; parent: string }[]>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace and c.oid <> p.oid`,
  );
  const tables = new Map<string, TablePlan>();
  for (const { table, column } of columns) {
    const plan = tables.get(table) ?? tables.set(table, { name: table, columns: [], orderBy: [] }).get(table)!;
    plan.columns.push(column);
  }
  for (const { table, column } of keys) tables.get(table)?.orderBy.push(column);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    for (const parent of parents.get(name) ?? []) place(parent, [...path, name]);
    placed.add(name);
    const plan = tables.get(name);
    if (plan) ordered.push(plan);
  };
  for (const name of [...tables.keys()].sort()) place(name, []);
  return ordered;
}

/** The migrations the database has applied, by name. */
export async function appliedMigrations(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ name: string }[]>(`select "name" from "${MIGRATIONS_TABLE}" order by "name"`);
  return rows.map((row) => row.name);
}

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
