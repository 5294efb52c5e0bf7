import { DateTime, Nullable, Type, oneOf } from '../../../core/index.js';
import { RULE_MATCHES, RULE_TYPES, RULE_WHEN, RUN_STATUSES, WORKFLOW_STATUSES } from '../entities/values.js';

export const WorkflowOutput = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  status: oneOf(WORKFLOW_STATUSES),
  pause_reason: Nullable(Type.String()),
  trigger_type: Type.String(),
  version: Type.Integer({ description: 'Grows with every change of trigger, steps or settings.' }),
  steps: Type.Integer({ description: 'Steps in the current version.' }),
  created_at: DateTime(),
  updated_at: DateTime(),
});

export const DefinitionErrorOutput = Type.Object({ path: Type.String(), message: Type.String() });

export const ValidationOutput = Type.Object({
  valid: Type.Boolean(),
  errors: Type.Array(DefinitionErrorOutput),
  warnings: Type.Array(DefinitionErrorOutput),
});

export const RunOutput = Type.Object({
  id: Type.Integer(),
  workflow_id: Nullable(Type.Integer()),
  version: Nullable(Type.Integer()),
  rule_id: Nullable(Type.Integer({ description: 'Set for an auto-reply rule’s run.' })),
  phone: Type.String(),
  session_id: Nullable(Type.Integer()),
  trigger_type: Type.String(),
  status: oneOf(RUN_STATUSES),
  step_id: Nullable(Type.String()),
  waiting_for: Nullable(Type.String({ description: 'time, answer, or workflow (held while it is paused).' })),
  wake_at: Nullable(DateTime()),
  steps_executed: Type.Integer(),
  depth: Type.Integer(),
  parent_run_id: Nullable(Type.Integer()),
  error_code: Nullable(Type.String()),
  error: Nullable(Type.String()),
  failed_step: Nullable(Type.String()),
  reason: Nullable(Type.String({ description: 'Why it was skipped, cancelled or expired.' })),
  created_at: DateTime(),
  started_at: Nullable(DateTime()),
  finished_at: Nullable(DateTime()),
});

export const RuleOutput = Type.Object({
  id: Type.Integer(),
  type: oneOf(RULE_TYPES),
  name: Type.String(),
  session_ids: Type.Array(Type.Integer()),
  keywords: Type.Array(Type.String()),
  match: oneOf(RULE_MATCHES),
  reply_text: Nullable(Type.String()),
  ai_reply: Type.Boolean(),
  when: oneOf(RULE_WHEN),
  cooldown_hours: Type.Integer(),
  priority: Type.Integer(),
  enabled: Type.Boolean(),
  created_at: DateTime(),
  updated_at: DateTime(),
});

/** A definition or a trace entry: free-form objects whose shape get_automation_catalog describes. */
export const Loose = Type.Object({}, { additionalProperties: true });
