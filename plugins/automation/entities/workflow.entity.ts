import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { Definition } from '../services/definition/definition.js';
import { PAUSE_REASONS, WORKFLOW_STATUSES } from './values.js';

/** A shop's workflow: its current definition; every saved definition is also a version. */
export const Workflow = defineEntity({
  name: 'Workflow',
  tableName: 'automation_workflows',
  indexes: [{ properties: ['shopId', 'status', 'triggerType'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    name: p.string().length(120),
    description: p.text().nullable(),
    status: p.enum(WORKFLOW_STATUSES),
    pauseReason: p.enum(PAUSE_REASONS).nullable(),
    triggerType: p.string().length(40),
    version: p.integer(),
    definition: p.json<Definition>(),
    /** Runs that failed in a row; the circuit breaker pauses the workflow at LIMITS.failingRunsToPause. */
    consecutiveFailures: p.integer().default(0),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Workflow = InferEntity<typeof Workflow>;
