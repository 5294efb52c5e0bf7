import {
  invalidArguments,
  LockMode,
  invalidState,
  notFound,
  normalizePhone,
  pageOf,
  parseShopDay,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { RunStep } from '../../entities/run-step.entity.js';
import { WorkflowRun } from '../../entities/workflow-run.entity.js';
import { LIVE_RUN_STATUSES, type RunStatus } from '../../entities/values.js';
import { runPayload, stepPayload } from './run-payload.js';

export interface RunFilters {
  workflow_id?: number;
  status?: RunStatus;
  phone?: string;
  date_from?: string;
  date_to?: string;
}

/** A run's variables as shown: an http_request's saved answer may be long; it is cut for display. */
const SHOWN_VARIABLE = 500;

/** The run history: list, one run with its step log, cancel, retry, and manual runs. */
export class RunsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async get(id: number): Promise<WorkflowRun> {
    const run = await this.em.findOne(WorkflowRun, { id });
    if (!run) throw notFound('run', id);
    return run;
  }

  async list(filters: RunFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.workflow_id !== undefined) where.workflowId = filters.workflow_id;
    if (filters.status) where.status = filters.status;
    if (filters.phone) where.phone = normalizePhone(filters.phone);
    const tz = this.deps.shop.timezone;
    const from = filters.date_from ? parseShopDay(filters.date_from, tz, 'date_from', 'start') : null;
    const to = filters.date_to ? parseShopDay(filters.date_to, tz, 'date_to', 'end') : null;
    if (from && to && to < from)
      throw invalidArguments('date_to is before date_from.', [{ path: 'date_to', message: 'is before date_from' }]);
    if (from || to) where.createdAt = { ...(from && { $gte: from }), ...(to && { $lte: to }) };
    const [items, count] = await this.em.findAndCount(WorkflowRun, where, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('runs', items.map(runPayload), count, paging);
  }

  async detail(id: number) {
    const run = await this.get(id);
    const steps = await this.em.find(RunStep, { runId: run.id }, { orderBy: { seq: 'asc', id: 'asc' } });
    const variables = Object.fromEntries(
      Object.entries(run.variables).map(([k, v]) => [
        k,
        v.length > SHOWN_VARIABLE ? `${v.slice(0, SHOWN_VARIABLE)}…` : v,
      ]),
    );
    return {
      run: { ...runPayload(run), variables, trigger: run.trigger },
      steps: steps.map(stepPayload),
      messages_sent: steps.filter((s) => s.messageId).length,
    };
  }

  /** The run, locked: a worker's round that holds it finishes first, and its outcome is what is checked. */
  private async locked(id: number): Promise<WorkflowRun> {
    const run = await this.em.findOne(WorkflowRun, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    if (!run) throw notFound('run', id);
    return run;
  }

  async cancel(id: number) {
    const run = await this.locked(id);
    if (!LIVE_RUN_STATUSES.includes(run.status))
      throw invalidState(
        `Run ${id} has ended (${run.status}); only queued, running or waiting runs can be cancelled.`,
        {
          current_status: run.status,
          allowed: LIVE_RUN_STATUSES,
        },
      );
    // A worker holding it finds its lease gone and changes nothing more.
    Object.assign(run, {
      status: 'cancelled',
      reason: 'cancelled by the shop',
      finishedAt: new Date(),
      wakeAt: null,
      waitingFor: null,
      leaseOwner: null,
      leaseUntil: null,
    });
    await this.em.flush();
    return run;
  }

  /** run_workflow: the shop starts a workflow for a customer (once-per-contact and cooldown do not apply). */
  async startManual(workflowId: number, rawPhone: string, variables: Record<string, string>) {
    const workflow = await this.deps.automationWorkflowsService.get(workflowId);
    if (workflow.status === 'paused')
      throw invalidState(`Workflow ${workflowId} is paused; enable it first (bulk_toggle_workflows).`, {
        current_status: workflow.status,
        allowed: ['draft', 'active'],
      });
    const inputs = workflow.definition.settings?.inputs ?? [];
    const unknown = Object.keys(variables).filter((k) => !inputs.includes(k));
    if (unknown.length > 0)
      throw invalidArguments(
        `The workflow takes ${inputs.length > 0 ? `the variables ${inputs.join(', ')}` : 'no variables'} (settings.inputs); not ${unknown.join(', ')}.`,
        unknown.map((k) => ({ path: `variables.${k}`, message: 'is not one of the workflow’s inputs' })),
      );
    return this.deps.automationRunStarter.startWorkflow(workflow, {
      phone: normalizePhone(rawPhone),
      sessionId: null,
      trigger: { type: 'manual' },
      variables,
      manual: true,
    });
  }

  /** A failed run starts again at the step that failed, with the same keys (what was sent is not sent again). */
  async retry(id: number) {
    const run = await this.locked(id);
    if (run.status !== 'failed')
      throw invalidState(`Run ${id} is ${run.status}; only failed runs can be retried.`, {
        current_status: run.status,
        allowed: ['failed'],
      });
    Object.assign(run, {
      status: 'queued',
      stepId: run.failedStep ?? run.stepId,
      stepState: null,
      stepsExecuted: 0,
      jumps: 0,
      errorCode: null,
      error: null,
      failedStep: null,
      finishedAt: null,
      wakeAt: new Date(),
    });
    await this.em.flush();
    this.deps.automationRunWakeup.afterCommit(this.em);
    return run;
  }
}
