import { isoOrNull } from '../../../../core/index.js';
import type { RunStep } from '../../entities/run-step.entity.js';
import type { WorkflowRun } from '../../entities/workflow-run.entity.js';

/** A run as the tools show it. */
export function runPayload(r: WorkflowRun) {
  return {
    id: r.id,
    workflow_id: r.workflowId ?? null,
    version: r.version ?? null,
    rule_id: r.ruleId ?? null,
    phone: r.phone,
    session_id: r.sessionId ?? null,
    trigger_type: r.trigger.type,
    status: r.status,
    step_id: r.stepId ?? null,
    waiting_for: r.waitingFor ?? null,
    wake_at: isoOrNull(r.wakeAt),
    steps_executed: r.stepsExecuted,
    depth: r.depth,
    parent_run_id: r.parentRunId ?? null,
    error_code: r.errorCode ?? null,
    error: r.error ?? null,
    failed_step: r.failedStep ?? null,
    reason: r.reason ?? null,
    created_at: r.createdAt.toISOString(),
    started_at: isoOrNull(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
  };
}

export function stepPayload(s: RunStep) {
  return {
    seq: s.seq,
    step_id: s.stepId,
    type: s.stepType,
    visit: s.visit,
    outcome: s.outcome,
    message_id: s.messageId ?? null,
    detail: s.detail,
    at: s.createdAt.toISOString(),
  };
}
