import { LockMode, ToolError, type Services } from '../../../../core/index.js';
import { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import { RunStep } from '../../entities/run-step.entity.js';
import { Workflow } from '../../entities/workflow.entity.js';
import { WorkflowVersion } from '../../entities/workflow-version.entity.js';
import { WorkflowRun } from '../../entities/workflow-run.entity.js';
import { LIMITS, nextOf, type Definition, type Step } from '../definition/definition.js';
import { STEP_TYPES } from '../definition/step-types.js';
import { ruleDefinition } from '../rules/rule-definition.js';
import { currentStep, enter, executeStep, type Cursor, type StepResult } from './interpreter.js';
import { LiveEffects } from './live-effects.js';
import { attributeReader } from './run-facts.js';
import type { EffectError } from './step-effects.js';

/** What the engine needs to know before the step's transaction: the step, and whether it must reach out first. */
export interface Peek {
  step: Step | null;
  cursor: Cursor;
  /** The step reaches outside and has no result kept yet. */
  external: boolean;
  /** For an external step: its texts' placeholder values. */
  placeholders: { nombre: string; telefono: string; tienda: string } | null;
  origin: { runId: number; depth: number; chain: number[] };
}

const toCursor = (run: WorkflowRun): Cursor => ({
  runId: run.id,
  phone: run.phone,
  sessionId: run.sessionId ?? null,
  trigger: run.trigger,
  stepId: run.stepId ?? null,
  stepState: run.stepState ?? null,
  visits: { ...run.visits },
  variables: { ...run.variables },
  stepsExecuted: run.stepsExecuted,
  jumps: run.jumps,
});

/**
 * One step of a run per transaction, with the run's row locked and its lease checked: a worker
 * that lost its lease (it was too slow, or another took over after a crash) changes nothing.
 * Everything a step did commits together with the run's move to its next step; a crash before the
 * commit leaves the run on the step, and its retry sends with the same keys.
 */
export class RunStepper {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /** The run's current step (null before the first), without a lock; null when the run is not this worker's to advance. */
  async peek(runId: number, owner: string): Promise<Peek | null> {
    const run = await this.em.findOne(WorkflowRun, { id: runId });
    if (!run || run.status !== 'running' || run.leaseOwner !== owner) return null;
    const origin = { runId: run.id, depth: run.depth, chain: run.chain };
    const definition = run.stepId ? await this.definitionOf(run) : null;
    const cursor = toCursor(run);
    const step = definition ? (currentStep(definition, cursor).step ?? null) : null;
    if (!step) return { step: null, cursor, external: false, placeholders: null, origin };
    const external = STEP_TYPES[step.type]!.external === true && !run.stepState?.prepared;
    return { step, cursor, external, placeholders: external ? await this.placeholders(run.phone) : null, origin };
  }

  /** Keeps an external step's result before the step runs, so a retried step sends the same text. */
  async keep(
    runId: number,
    owner: string,
    at: { stepId: string; visit: number },
    prepared: Record<string, unknown>,
    leaseSeconds: number,
  ): Promise<boolean> {
    const run = await this.locked(runId, owner);
    if (!run || run.stepId !== at.stepId || (run.visits[at.stepId] ?? 0) !== at.visit) return false;
    run.stepState = { ...(run.stepState ?? {}), prepared };
    run.leaseUntil = new Date(Date.now() + leaseSeconds * 1000);
    await this.em.flush();
    return true;
  }

  /** Gives a run that is still running back to the queue (its worker is stopping or out of budget). */
  async release(runId: number, owner: string): Promise<void> {
    const run = await this.locked(runId, owner);
    if (!run) return;
    run.status = 'queued';
    run.leaseOwner = null;
    run.leaseUntil = null;
    run.wakeAt = new Date();
    await this.em.flush();
  }

  /**
   * Executes the run's current step (entering the first one on a new run) and moves the run on.
   * Returns whether the run goes on running (another step is due now).
   */
  async step(runId: number, owner: string, leaseSeconds: number): Promise<boolean> {
    const run = await this.locked(runId, owner);
    if (!run) return false;
    const now = new Date();
    const workflow = run.workflowId ? await this.em.findOne(Workflow, { id: run.workflowId }) : null;
    if (run.workflowId && !workflow) return this.end(run, 'cancelled', 'workflow_deleted');
    if (workflow?.status === 'paused') {
      // Held, not advanced, until the workflow is enabled again (or the run is cancelled).
      Object.assign(run, {
        status: 'waiting',
        waitingFor: 'workflow',
        wakeAt: null,
        leaseOwner: null,
        leaseUntil: null,
      });
      await this.em.flush();
      return false;
    }
    const definition = await this.definitionOf(run);
    if (!definition) return this.end(run, 'cancelled', run.ruleId ? 'rule_deleted' : 'workflow_deleted');
    const cursor = toCursor(run);
    if (!cursor.stepId) {
      enter(cursor, definition.steps[0]!.id);
      if (STEP_TYPES[definition.steps[0]!.type]!.external) {
        // Its outside part comes first, with no transaction open: the worker's next turn does it.
        this.apply(run, cursor);
        await this.em.flush();
        return true;
      }
    }
    if (++cursor.stepsExecuted > LIMITS.stepExecutionsPerRun) {
      this.apply(run, cursor);
      return this.fail(run, cursor.stepId!, {
        code: 'step_limit',
        message: `The run executed more than ${LIMITS.stepExecutionsPerRun} steps.`,
      });
    }
    const { step, index } = currentStep(definition, cursor);
    let result: StepResult;
    try {
      result = await executeStep({
        definition,
        cursor,
        effects: new LiveEffects(this.deps, run),
        read: attributeReader(this.deps, { ...cursor, variables: cursor.variables }, now),
        placeholders: await this.placeholders(run.phone),
        timezone: this.deps.shop.timezone,
        now,
      });
    } catch (err) {
      if (!(err instanceof ToolError)) throw err;
      result = { outcome: 'failed', error: { code: err.code, message: err.message }, detail: {} };
    }
    this.log(run, cursor, step, result);
    this.apply(run, cursor);
    run.leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
    if (result.outcome === 'waiting') {
      Object.assign(run, {
        status: 'waiting',
        waitingFor: result.for,
        wakeAt: result.until,
        leaseOwner: null,
        leaseUntil: null,
      });
      await this.em.flush();
      return false;
    }
    let exit: string | null;
    if (result.outcome === 'failed') {
      const policy = definition.settings?.error_policy ?? 'stop';
      if (result.exit === undefined && policy === 'stop') return this.fail(run, step.id, result.error);
      exit = result.exit === undefined ? nextOf(definition, index) : result.exit;
    } else exit = result.exit;
    if (exit === null) return this.end(run, 'completed', null);
    const jumped = enter(cursor, exit);
    this.apply(run, cursor);
    if (jumped) return this.fail(run, exit, jumped);
    await this.em.flush();
    return true;
  }

  private log(run: WorkflowRun, cursor: Cursor, step: Step, result: StepResult) {
    const detail: Record<string, unknown> = { ...result.detail };
    if (result.outcome === 'failed') detail.error = result.error;
    if (result.outcome !== 'waiting' && 'exit' in result && result.exit !== undefined) detail.exit = result.exit;
    this.em.create(RunStep, {
      shopId: this.deps.shop.id,
      runId: run.id,
      seq: cursor.stepsExecuted,
      stepId: step.id,
      stepType: step.type,
      visit: cursor.visits[step.id] ?? 1,
      outcome: result.outcome,
      detail,
      messageId: ('messageId' in result && result.messageId) || null,
    } as RunStep);
  }

  private apply(run: WorkflowRun, cursor: Cursor) {
    Object.assign(run, {
      stepId: cursor.stepId,
      stepState: cursor.stepState,
      visits: cursor.visits,
      variables: cursor.variables,
      stepsExecuted: cursor.stepsExecuted,
      jumps: cursor.jumps,
    });
  }

  private async fail(run: WorkflowRun, stepId: string, error: EffectError): Promise<false> {
    Object.assign(run, { errorCode: error.code, error: error.message.slice(0, 500), failedStep: stepId });
    return this.end(run, 'failed', null);
  }

  /** Ends a run; a workflow's run feeds its circuit breaker (20 failed in a row pause it). */
  private async end(
    run: WorkflowRun,
    status: 'completed' | 'failed' | 'cancelled',
    reason: string | null,
  ): Promise<false> {
    Object.assign(run, {
      status,
      reason,
      finishedAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
      wakeAt: null,
      waitingFor: null,
    });
    if (run.workflowId && status !== 'cancelled')
      await this.em.execute(
        status === 'completed'
          ? `update automation_workflows set consecutive_failures = 0 where id = ? and consecutive_failures <> 0`
          : `update automation_workflows set consecutive_failures = consecutive_failures + 1,
               status = case when consecutive_failures + 1 >= ? and status = 'active' then 'paused' else status end,
               pause_reason = case when consecutive_failures + 1 >= ? and status = 'active' then 'failing' else pause_reason end
             where id = ?`,
        status === 'completed'
          ? [run.workflowId]
          : [LIMITS.failingRunsToPause, LIMITS.failingRunsToPause, run.workflowId],
      );
    await this.em.flush();
    return false;
  }

  private async locked(runId: number, owner: string): Promise<WorkflowRun | null> {
    const run = await this.em.findOne(
      WorkflowRun,
      { id: runId },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    return run && run.status === 'running' && run.leaseOwner === owner ? run : null;
  }

  private async definitionOf(run: WorkflowRun): Promise<Definition | null> {
    if (run.ruleId) {
      const rule = await this.em.findOne(AutoReplyRule, { id: run.ruleId });
      return rule ? ruleDefinition(rule) : null;
    }
    const version = await this.em.findOne(WorkflowVersion, { workflowId: run.workflowId!, version: run.version! });
    return version?.definition ?? null;
  }

  private async placeholders(phone: string) {
    const [customer] = await this.em.execute<{ name: string | null }[]>(
      `select name from customers_view where shop_id = ? and phone = ?`,
      [this.deps.shop.id, phone],
    );
    return { nombre: customer?.name ?? '', telefono: phone, tienda: this.deps.shop.name };
  }
}
