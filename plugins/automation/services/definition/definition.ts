import type { ConditionGroup } from './conditions.js';

/** What starts a workflow (one trigger per workflow). */
export const TRIGGER_TYPES = [
  'message_received',
  'conversation_opened',
  'customer_tagged',
  'customer_untagged',
  'opted_out',
  'ticket_created',
  'ticket_resolved',
  'conversation_categorized',
  'manual',
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export interface Trigger {
  type: TriggerType;
  conditions?: ConditionGroup;
  /** conversation_opened: hours without a message from the customer before one opens a conversation (default 24). */
  idle_hours?: number;
  /** customer_tagged / customer_untagged: only this tag (any when left out). */
  tag?: string;
}

export interface Step {
  id: string;
  type: string;
  params?: Record<string, unknown>;
  /** The step after this one; left out: the next in the list; null: the run ends. */
  next?: string | null;
  /** Named exits (ask_question: timeout, invalid; business_hours: in, out; ai_reply: handoff; http_request: failed). */
  paths?: Record<string, string>;
}

export interface WorkflowSettings {
  /** A customer goes through the workflow once, ever. */
  once_per_contact?: boolean;
  /** Minutes after a customer's run started before the trigger starts another for them (0: none). */
  reentry_cooldown_minutes?: number;
  /** A failing step: `stop` fails the run (default), `continue` logs it and goes on. */
  error_policy?: 'stop' | 'continue';
  /** Variables a manual run (run_workflow) may pass, usable as {var.<name>}. */
  inputs?: string[];
}

export interface Definition {
  trigger: Trigger;
  steps: Step[];
  settings?: WorkflowSettings;
}

/** Limits of a definition and of a run. */
export const LIMITS = {
  stepsPerWorkflow: 100,
  stepExecutionsPerRun: 200,
  jumpsPerRun: 10,
  triggerDepth: 3,
  activeWorkflowsPerShop: 100,
  runExpiryDays: 30,
  failingRunsToPause: 20,
} as const;

/** The step a run goes to after `step`: `next`, else the following one in the list, null when it ends. */
export function nextOf(definition: Definition, index: number): string | null {
  const step = definition.steps[index]!;
  if (step.next !== undefined) return step.next;
  return definition.steps[index + 1]?.id ?? null;
}
