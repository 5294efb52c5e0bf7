import type { EntityManager } from '@mikro-orm/postgresql';
import type { MetricDefinition } from './metric-definition.js';

/** The part of knex's tarn pool the pool gauges read. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

const poolGauge = (name: string, help: string, read: (pool: TarnPool) => number): MetricDefinition => ({
  type: 'gauge',
  name,
  help,
  read: async (em: EntityManager) => {
    const pool = (em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
    return pool ? [{ value: read(pool) }] : [];
  },
});

/** The kernel's backlogs and its database pool, read at scrape time. */
export const kernelGauges: MetricDefinition[] = [
  poolGauge('switchboard_db_pool_used', 'Database connections in use', (p) => p.numUsed()),
  poolGauge('switchboard_db_pool_free', 'Database connections open and idle', (p) => p.numFree()),
  poolGauge('switchboard_db_pool_waiting', 'Queries waiting for a database connection', (p) => p.numPendingAcquires()),
  {
    type: 'gauge',
    name: 'switchboard_outbox_pending',
    help: 'Outbox messages not yet delivered, by topic',
    labelNames: ['topic'],
    read: async (em) => {
      const rows = await em
        .getConnection()
        .execute<{ topic: string; n: string }[]>(
          `select "topic", count(*) as n from "outbox_messages" where "status" = 'pending' group by "topic"`,
        );
      return rows.map((row) => ({ labels: { topic: row.topic }, value: Number(row.n) }));
    },
  },
  {
    type: 'gauge',
    name: 'switchboard_confirmations_pending',
    help: 'Confirmations waiting for an answer and not expired, by policy',
    labelNames: ['policy'],
    read: async (em) => {
      const rows = await em.getConnection().execute<{ policy: string; n: string }[]>(
        `select "policy", count(*) as n from "pending_confirmations"
         where "status" = 'pending' and "expires_at" > now() group by "policy"`,
      );
      return rows.map((row) => ({ labels: { policy: row.policy }, value: Number(row.n) }));
    },
  },
];
