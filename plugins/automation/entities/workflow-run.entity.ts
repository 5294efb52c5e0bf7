import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { RUN_STATUSES, WAITING_FOR } from './values.js';

/** The facts of what started a run (cheap, copied from the event). */
export interface TriggerFacts {
  type: string;
  message_id?: number;
  text?: string | null;
  media_type?: string | null;
  tag?: string;
  ticket_id?: number;
  ai?: { intent: string; topic: string; priority: string; sentiment: string };
}

/** What the current step keeps between its visits (a wait begun, a question asked, a model's answer). */
export interface StepState {
  waiting?: boolean;
  asked?: boolean;
  retries?: number;
  answer?: string;
  deadline?: string;
  prepared?: Record<string, unknown>;
}

/** One execution of a workflow (or of an auto-reply rule) for one customer. */
export const WorkflowRun = defineEntity({
  name: 'WorkflowRun',
  tableName: 'automation_runs',
  indexes: [
    { properties: ['status', 'wakeAt'] },
    { properties: ['shopId', 'workflowId', 'phone', 'createdAt'] },
    { properties: ['shopId', 'ruleId', 'phone', 'createdAt'] },
    { properties: ['shopId', 'phone', 'status'] },
    { properties: ['shopId', 'createdAt'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    workflowId: p.integer().nullable(),
    version: p.integer().nullable(),
    ruleId: p.integer().nullable(),
    phone: p.string().length(20),
    sessionId: p.integer().nullable(),
    trigger: p.json<TriggerFacts>(),
    status: p.enum(RUN_STATUSES),
    stepId: p.string().length(40).nullable(),
    stepState: p.json<StepState>().nullable(),
    /** Times each step was entered: part of each side effect's key. */
    visits: p.json<Record<string, number>>(),
    variables: p.json<Record<string, string>>(),
    stepsExecuted: p.integer().default(0),
    jumps: p.integer().default(0),
    /** 0 for a run a trigger started; a run started by another run's step is one deeper. */
    depth: p.integer().default(0),
    parentRunId: p.integer().nullable(),
    /** The workflows of the runs that started this one, outermost first (the loop guard's view). */
    chain: p.json<number[]>(),
    wakeAt: p.datetime().nullable(),
    waitingFor: p.enum(WAITING_FOR).nullable(),
    leaseOwner: p.string().length(80).nullable(),
    leaseUntil: p.datetime().nullable(),
    errorCode: p.string().length(60).nullable(),
    error: p.string().length(500).nullable(),
    failedStep: p.string().length(40).nullable(),
    /** Why a run was skipped, cancelled or expired. */
    reason: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type WorkflowRun = InferEntity<typeof WorkflowRun>;
