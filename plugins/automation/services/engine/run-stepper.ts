import { LockMode, ToolError, type Services } from '../../../../core/index.js';
import { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import { RunStep } from '../../entities/run-step.entity.js';
import { Workflow } from '../../entities/workflow.entity.js';
import { WorkflowVersion } from '../../entities/workflow-version.entity.js';
import { WorkflowRun } from '../../entities/workflow-run.entity.js';
import { LIMITS, nextOf, type Definition, type Step } from '../definition/definition.js';
import { STEP_TYPES } from '../definition/step-types.js';
import { ruleDefinition } from '../rules/rule-definition.js';
import {
  currentStep,
  enter,
  executeStep,
  exitAfter,
  outgoing,
  sentResult,
  type Cursor,
  type CustomerPlaceholders,
  type StepResult,
} from './interpreter.js';
import { LiveEffects, markAutomatic, sendRequestOf, sentOf } from './live-effects.js';
import { attributeReader } from './run-facts.js';
import { runOrigin } from './run-origin.js';
import type { EffectError } from './step-effects.js';

/** What a run does after a step: goes on (true), stops for now (false), or needs its outside work first. */
export type Outcome = boolean | PrepareRequest;

/** What one round reads once for all its runs. */
interface Lookups {
  names: Map<string, string>;
  definitions: Map<string, Definition | null>;
}

/** A run on the step it is about to execute. */
interface Ready {
  run: WorkflowRun;
  definition: Definition;
  cursor: Cursor;
  step: Step;
  index: number;
  placeholders: CustomerPlaceholders;
}

/** An external step's outside part, to be done by the worker before the step runs (no transaction open). */
export interface PrepareRequest {
  prepare: { step: Step; cursor: Cursor; placeholders: CustomerPlaceholders };
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
 * A round of steps of a shop's claimed runs per transaction, with the runs' rows locked and their
 * lease checked: a worker that lost its lease (it was too slow, or another took over after a crash)
 * changes nothing. Everything a step did commits together with its run's move to the next step; a
 * crash before the commit leaves each run on its step, and the retry sends with the same keys.
 */
export class RunStepper {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
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
   * One step of each of these runs (those still this worker's), in the caller's transaction:
   * entering the first step of a new run, holding runs of a paused workflow. Their send_message
   * steps go to the send path together, in one sendMany (the send path's cost is per call, not per
   * message). Per run: true when another step is due now, false when it waits or ended, or the
   * outside work to do first.
   */
  async stepMany(runIds: number[], owner: string, leaseSeconds: number): Promise<Map<number, Outcome>> {
    const runs = await this.em.find(
      WorkflowRun,
      { id: { $in: runIds }, status: 'running', leaseOwner: owner },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, orderBy: { id: 'asc' } },
    );
    const outcomes = new Map<number, Outcome>();
    const sends: Ready[] = [];
    const now = new Date();
    const lookups: Lookups = { names: await this.names(runs.map((r) => r.phone)), definitions: new Map() };
    for (const run of runs) {
      const ready = await this.ready(run, lookups, now, leaseSeconds);
      if (!('cursor' in ready)) outcomes.set(run.id, ready.outcome);
      else if (ready.step.type === 'send_message') sends.push(ready);
      else outcomes.set(run.id, await this.execute(ready, now, leaseSeconds));
    }
    if (sends.length > 0) {
      const answers = (
        await this.deps.chatappMessagingService.sendMany(sends.map((r) => sendRequestOf(r.run, outgoing(r.step, r))))
      ).map(sentOf);
      await markAutomatic(
        this.deps,
        sends.filter((_, i) => 'messageId' in answers[i]!).map((r) => r.run.phone),
      );
      for (const [i, r] of sends.entries())
        outcomes.set(
          r.run.id,
          await this.finish(r, sentResult(answers[i]!, nextOf(r.definition, r.index)), now, leaseSeconds),
        );
    }
    await this.em.flush();
    return outcomes;
  }

  /** The run on its step, ready to execute it — or why it will not execute now. */
  private async ready(
    run: WorkflowRun,
    lookups: Lookups,
    now: Date,
    leaseSeconds: number,
  ): Promise<Ready | { outcome: Outcome }> {
    const workflow = run.workflowId ? await this.em.findOne(Workflow, { id: run.workflowId }) : null;
    if (run.workflowId && !workflow) return { outcome: await this.end(run, 'cancelled', 'workflow_deleted') };
    if (workflow?.status === 'paused') {
      // Held, not advanced, until the workflow is enabled again (or the run is cancelled).
      Object.assign(run, {
        status: 'waiting',
        waitingFor: 'workflow',
        wakeAt: null,
        leaseOwner: null,
        leaseUntil: null,
      });
      return { outcome: false };
    }
    const key = run.ruleId ? `rule:${run.ruleId}` : `${run.workflowId}:${run.version}`;
    if (!lookups.definitions.has(key)) lookups.definitions.set(key, await this.definitionOf(run));
    const definition = lookups.definitions.get(key);
    if (!definition)
      return { outcome: await this.end(run, 'cancelled', run.ruleId ? 'rule_deleted' : 'workflow_deleted') };
    const cursor = toCursor(run);
    if (!cursor.stepId) {
      enter(cursor, definition.steps[0]!.id);
      this.apply(run, cursor);
    }
    const { step, index } = currentStep(definition, cursor);
    const placeholders = {
      nombre: lookups.names.get(run.phone) ?? '',
      telefono: run.phone,
      tienda: this.deps.shop.name,
    };
    const missing = (STEP_TYPES[step.type]!.needs ?? []).filter((g) => !this.deps.kernelCatalog.names().includes(g));
    if (missing.length > 0) {
      // A group switched off after the workflow was saved: the step fails, and the error policy decides.
      const error = {
        code: 'group_not_enabled',
        message: `This step needs the ${missing.join(' and ')} group, which this server does not run.`,
      };
      cursor.stepsExecuted++;
      const refused = { run, definition, cursor, step, index, placeholders };
      return { outcome: await this.finish(refused, { outcome: 'failed', error, detail: {} }, now, leaseSeconds) };
    }
    if (STEP_TYPES[step.type]!.external && !cursor.stepState?.prepared)
      // Its outside part comes first, with no transaction open: the worker does it and comes back.
      return { outcome: { prepare: { step, cursor, placeholders } } };
    if (++cursor.stepsExecuted > LIMITS.stepExecutionsPerRun) {
      this.apply(run, cursor);
      return {
        outcome: await this.fail(run, cursor.stepId!, {
          code: 'step_limit',
          message: `The run executed more than ${LIMITS.stepExecutionsPerRun} steps.`,
        }),
      };
    }
    return { run, definition, cursor, step, index, placeholders };
  }

  /** Executes a step that is not a batched send. */
  private async execute(ready: Ready, now: Date, leaseSeconds: number): Promise<Outcome> {
    const { run, definition, cursor } = ready;
    // Listeners of what the step does (a tag it adds) see which run caused it: the loop guard.
    return runOrigin.run({ runId: run.id, depth: run.depth, chain: run.chain }, async () => {
      let result: StepResult;
      try {
        result = await executeStep({
          definition,
          cursor,
          effects: new LiveEffects(this.deps, run),
          read: attributeReader(this.deps, { ...cursor, variables: cursor.variables }, now),
          placeholders: ready.placeholders,
          timezone: this.deps.shop.timezone,
          now,
        });
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        result = { outcome: 'failed', error: { code: err.code, message: err.message }, detail: {} };
      }
      return this.finish(ready, result, now, leaseSeconds);
    });
  }

  /** Logs a step's result and moves the run: to its exit, to waiting, or to its end. */
  private async finish(ready: Ready, result: StepResult, now: Date, leaseSeconds: number): Promise<Outcome> {
    const { run, definition, cursor, step, index } = ready;
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
      return false;
    }
    const after = exitAfter(definition, index, result);
    if ('fail' in after) return this.fail(run, step.id, after.fail);
    const { exit } = after;
    if (exit === null) return this.end(run, 'completed', null);
    const jumped = enter(cursor, exit);
    this.apply(run, cursor);
    if (jumped) return this.fail(run, exit, jumped);
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

  /** Ends a run (the round flushes it); a workflow's run feeds its circuit breaker (20 failed in a row pause it). */
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

  /** The customers' names by phone ({nombre}), in one query. */
  private async names(phones: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(phones)];
    if (unique.length === 0) return new Map();
    const rows = await this.em.execute<{ phone: string; name: string | null }[]>(
      `select phone, name from customers_view where shop_id = ? and phone in (select jsonb_array_elements_text(?::jsonb))`,
      [this.deps.shop.id, JSON.stringify(unique)],
    );
    return new Map(rows.filter((r) => r.name).map((r) => [r.phone, r.name!]));
  }
}
