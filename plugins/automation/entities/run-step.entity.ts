import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { STEP_OUTCOMES } from './values.js';

/** One executed step of a run: what it did, where it went. */
export const RunStep = defineEntity({
  name: 'RunStep',
  tableName: 'automation_run_steps',
  indexes: [{ properties: ['runId', 'seq'] }, { properties: ['shopId', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    runId: p.integer(),
    seq: p.integer(),
    stepId: p.string().length(40),
    stepType: p.string().length(40),
    visit: p.integer(),
    outcome: p.enum(STEP_OUTCOMES),
    /** The exit taken, the message sent, the error: what get_chatapp_workflow_run shows. */
    detail: p.json<Record<string, unknown>>(),
    messageId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type RunStep = InferEntity<typeof RunStep>;
