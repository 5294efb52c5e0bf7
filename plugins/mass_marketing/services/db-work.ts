import type { ClientBase } from 'pg';
import type { EntityManager } from '../../../core/index.js';
import { transactionClient } from './pg-client.js';

/**
 * Runs `work` on the pg client of a transaction: the unit of work's own when it has one (mutations),
 * else a short one of its own (queries). Audience queries switch JIT compilation off for their
 * transaction: on these counts PostgreSQL spends longer compiling than executing.
 */
export async function withClient<T>(em: EntityManager, work: (client: ClientBase) => Promise<T>): Promise<T> {
  const run = async (tem: EntityManager) => {
    const client = await transactionClient(tem);
    await client.query('set local jit = off');
    return work(client);
  };
  return em.isInTransaction() ? run(em) : em.transactional(run);
}
