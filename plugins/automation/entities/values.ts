/** What a workflow is: `draft` never enabled, `active` runs on its trigger, `paused` by hand or by the circuit breaker. */
export const WORKFLOW_STATUSES: ['draft', 'active', 'paused'] = ['draft', 'active', 'paused'];
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** Why a workflow is paused: `manual` (bulk_toggle_workflows) or `failing` (20 runs in a row failed). */
export const PAUSE_REASONS: ['manual', 'failing'] = ['manual', 'failing'];
export type PauseReason = (typeof PAUSE_REASONS)[number];

/**
 * A run's life: `queued` → `running` → (`waiting` ↔ `running`) → `completed` | `failed` |
 * `cancelled` | `expired`. `skipped`: triggered but not run (once per contact, cooldown, a run
 * already active, a loop guard), recorded so the shop sees why nothing happened.
 */
export const RUN_STATUSES: ['queued', 'running', 'waiting', 'completed', 'failed', 'cancelled', 'expired', 'skipped'] =
  ['queued', 'running', 'waiting', 'completed', 'failed', 'cancelled', 'expired', 'skipped'];
export type RunStatus = (typeof RUN_STATUSES)[number];

/** Runs that may still do something: cancel_workflow_run takes these. */
export const LIVE_RUN_STATUSES: RunStatus[] = ['queued', 'running', 'waiting'];

/** What a waiting run waits for: a time, the customer's answer, or its paused workflow. */
export const WAITING_FOR: ['time', 'answer', 'workflow'] = ['time', 'answer', 'workflow'];
export type WaitingFor = (typeof WAITING_FOR)[number];

export const RULE_TYPES: ['welcome', 'away', 'keyword', 'ai_reply'] = ['welcome', 'away', 'keyword', 'ai_reply'];
export type RuleType = (typeof RULE_TYPES)[number];

export const RULE_MATCHES: ['exact', 'contains', 'starts_with', 'word'] = ['exact', 'contains', 'starts_with', 'word'];
export type RuleMatch = (typeof RULE_MATCHES)[number];

export const RULE_WHEN: ['always', 'inside_hours', 'outside_hours'] = ['always', 'inside_hours', 'outside_hours'];
export type RuleWhen = (typeof RULE_WHEN)[number];

/** A step's outcome in the run log. */
export const STEP_OUTCOMES: ['ok', 'failed', 'waiting'] = ['ok', 'failed', 'waiting'];
export type StepOutcome = (typeof STEP_OUTCOMES)[number];
