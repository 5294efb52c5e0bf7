import type { Workflow } from '../../entities/workflow.entity.js';

/** A workflow as the tools show it. */
export function workflowPayload(w: Workflow) {
  return {
    id: w.id,
    name: w.name,
    description: w.description ?? null,
    status: w.status,
    pause_reason: w.pauseReason ?? null,
    trigger_type: w.triggerType,
    version: w.version,
    steps: w.definition.steps.length,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
