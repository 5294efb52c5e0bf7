import type { Services } from '../../../../core/index.js';
import type { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import type { Workflow } from '../../entities/workflow.entity.js';
import { WorkflowRun, type TriggerFacts } from '../../entities/workflow-run.entity.js';
import { LIMITS } from '../definition/definition.js';
import { runOrigin } from './run-origin.js';

export interface StartRequest {
  phone: string;
  sessionId: number | null;
  trigger: TriggerFacts;
  variables?: Record<string, string>;
  /** run_workflow: the shop asked for it, so once-per-contact, cooldown and the contact guard do not apply. */
  manual?: boolean;
}

/**
 * Starts runs: one row, `queued`, for the worker to take after the commit — or `skipped` with the
 * reason, when a guard says no: the loop guard (the workflow already in the chain of runs that
 * led here, or the chain deeper than 3), a customer automation leaves alone (bot storm), once per
 * contact, a run of the workflow already live for the customer, the re-entry cooldown.
 */
export class RunStarter {
  constructor(private readonly deps: Services) {}

  async startWorkflow(workflow: Workflow, request: StartRequest): Promise<WorkflowRun> {
    const origin = runOrigin.getStore();
    const chain = origin ? [...origin.chain, workflow.id] : [workflow.id];
    const base = {
      workflowId: workflow.id,
      version: workflow.version,
      ruleId: null,
      depth: origin ? origin.depth + 1 : 0,
      parentRunId: origin?.runId ?? null,
      chain,
    };
    const reason = origin?.chain.includes(workflow.id)
      ? 'loop_guard: the workflow is already in the chain of runs that started this one'
      : base.depth > LIMITS.triggerDepth
        ? `depth_limit: workflows started each other more than ${LIMITS.triggerDepth} levels deep`
        : request.manual
          ? null
          : await this.refusal(workflow, request.phone);
    return this.insert(base, request, reason);
  }

  /** Whether a run was queued. */
  async startRule(rule: AutoReplyRule, request: StartRequest): Promise<boolean> {
    if (rule.cooldownHours > 0) {
      const [recent] = await this.deps.em.execute<{ n: number }[]>(
        `select count(*)::int as n from automation_runs where shop_id = ? and rule_id = ? and phone = ? and status <> 'skipped'
         and created_at > now() - make_interval(hours => ?)`,
        [this.deps.shop.id, rule.id, request.phone, rule.cooldownHours],
      );
      // A rule in its cooldown stays silent without a trace: it is asked on every message.
      if (recent!.n > 0) return false;
    }
    // A plain insert: rules answer inbound messages, a batch of them in one transaction, where an
    // entity per run would be compared again by every later flush of that transaction.
    await this.deps.em.execute(
      `insert into automation_runs (shop_id, workflow_id, version, rule_id, phone, session_id, trigger, status, visits, variables,
                                    steps_executed, jumps, depth, chain, wake_at, created_at, updated_at)
       values (?, null, null, ?, ?, ?, ?, 'queued', '{}', ?, 0, 0, 0, '[]', now(), clock_timestamp(), clock_timestamp())`,
      [
        this.deps.shop.id,
        rule.id,
        request.phone,
        request.sessionId,
        JSON.stringify(request.trigger),
        JSON.stringify(request.variables ?? {}),
      ],
    );
    this.deps.automationRunWakeup.afterCommit(this.deps.em);
    return true;
  }

  private async refusal(workflow: Workflow, phone: string): Promise<string | null> {
    const settings = workflow.definition.settings ?? {};
    const [row] = await this.deps.em.execute<{ paused: boolean; live: number; ever: number; recent: number }[]>(
      `select exists(select 1 from automation_contacts where shop_id = ? and phone = ? and paused_until > now()) as paused,
              count(*) filter (where status in ('queued', 'running', 'waiting'))::int as live,
              count(*)::int as ever,
              count(*) filter (where created_at > now() - make_interval(mins => ?))::int as recent
       from automation_runs where shop_id = ? and workflow_id = ? and phone = ? and status <> 'skipped'`,
      [this.deps.shop.id, phone, settings.reentry_cooldown_minutes ?? 0, this.deps.shop.id, workflow.id, phone],
    );
    if (row!.paused)
      return 'contact_paused: the customer answered automatic messages like a bot; automation pauses for 24 h';
    if (settings.once_per_contact && row!.ever > 0)
      return 'once_per_contact: the customer went through this workflow before';
    if (row!.live > 0) return 'already_running: a run of this workflow is live for the customer';
    if ((settings.reentry_cooldown_minutes ?? 0) > 0 && row!.recent > 0)
      return `cooldown: a run started less than ${settings.reentry_cooldown_minutes} minutes ago`;
    return null;
  }

  private async insert(
    base: Pick<WorkflowRun, 'workflowId' | 'version' | 'ruleId' | 'depth' | 'parentRunId' | 'chain'>,
    request: StartRequest,
    skipReason: string | null,
  ): Promise<WorkflowRun> {
    const now = new Date();
    const run = this.deps.em.create(WorkflowRun, {
      ...base,
      shopId: this.deps.shop.id,
      phone: request.phone,
      sessionId: request.sessionId,
      trigger: request.trigger,
      status: skipReason ? 'skipped' : 'queued',
      reason: skipReason,
      stepId: null,
      stepState: null,
      visits: {},
      variables: request.variables ?? {},
      wakeAt: skipReason ? null : now,
      finishedAt: skipReason ? now : null,
    } as unknown as WorkflowRun);
    await this.deps.em.flush();
    if (!skipReason) this.deps.automationRunWakeup.afterCommit(this.deps.em);
    return run;
  }
}
