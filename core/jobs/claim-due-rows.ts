import type { EntityManager } from '@mikro-orm/postgresql';
import { KernelError } from '../errors/kernel-error.js';

/** Rows a group sends later (deliveries, scheduled messages): where they are and what makes one due. */
export interface DueRows {
  /** The group's table: `shop_id`, `status` ('scheduled' → 'sending' → …), `claimed_at`, `attempts`, `updated_at`. */
  table: string;
  /** The timestamp column at which a row falls due. */
  dueColumn: string;
  batchSize: number;
  /** A claim older than this belongs to a process that stopped mid-send: the row is claimed again. */
  claimTimeoutSeconds: number;
}

export interface ClaimedRow {
  id: number;
  shopId: number;
  /** Claims so far, this one included: a group gives up on a row past its own limit. */
  attempts: number;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Marks due rows of every shop `sending` in one committed statement, before any of them is sent
 * (mark before send). FOR UPDATE SKIP LOCKED gives concurrent processes disjoint rows; a row left
 * `sending` by a process that died is claimed again after the timeout, and the send path's
 * idempotency key makes that attempt send nothing new. Times are the database's clock, the one
 * every process shares. Rows come oldest due first, then by id.
 */
export async function claimDueRows(em: EntityManager, due: DueRows): Promise<ClaimedRow[]> {
  for (const name of [due.table, due.dueColumn])
    if (!IDENTIFIER.test(name))
      throw new KernelError('KRN_ERR_DUE_ROWS_INVALID', `Not a table or column name: ${name}`);
  const rows = await em.execute<{ id: number; shop_id: number; attempts: number }[]>(
    `update ${due.table} set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
     where id in (select id from ${due.table}
                  where (status = 'scheduled' and ${due.dueColumn} <= now())
                     or (status = 'sending' and claimed_at < now() - make_interval(secs => ?))
                  order by ${due.dueColumn}, id limit ? for update skip locked)
     returning id, shop_id, attempts`,
    [due.claimTimeoutSeconds, due.batchSize],
  );
  return rows
    .map((r) => ({ id: Number(r.id), shopId: Number(r.shop_id), attempts: Number(r.attempts) }))
    .sort((a, b) => a.id - b.id);
}

/** Claimed rows by shop, in claim order: each shop's part is sent in that shop's own transaction. */
export function byShop(rows: ClaimedRow[]): Map<number, ClaimedRow[]> {
  const shops = new Map<number, ClaimedRow[]>();
  for (const row of rows) shops.set(row.shopId, [...(shops.get(row.shopId) ?? []), row]);
  return shops;
}
