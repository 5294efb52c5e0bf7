import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';

/**
 * One row per job tick. The unique (job, tick_at) pair is the lease: of several server processes
 * sharing a database, the one whose insert lands runs the tick and the others skip it.
 */
export const JobRun = defineEntity({
  name: 'JobRun',
  tableName: 'job_runs',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    job: p.string().length(120),
    tickAt: p.datetime(),
    owner: p.string().length(120),
    status: p.enum(['running', 'succeeded', 'failed'] as const),
    error: p.text().nullable(),
    startedAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['job', 'tickAt'] }],
});

export type JobRun = InferEntity<typeof JobRun>;
