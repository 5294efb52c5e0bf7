import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { Definition } from '../services/definition/definition.js';

/** A saved definition of a workflow: runs execute the version they started on. */
export const WorkflowVersion = defineEntity({
  name: 'WorkflowVersion',
  tableName: 'automation_workflow_versions',
  uniques: [{ properties: ['workflowId', 'version'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    workflowId: p.integer(),
    version: p.integer(),
    definition: p.json<Definition>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WorkflowVersion = InferEntity<typeof WorkflowVersion>;
