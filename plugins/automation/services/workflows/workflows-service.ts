import {
  containsPattern,
  invalidArguments,
  invalidState,
  notFound,
  pageOf,
  ToolError,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { Workflow } from '../../entities/workflow.entity.js';
import { WorkflowVersion } from '../../entities/workflow-version.entity.js';
import type { WorkflowStatus } from '../../entities/values.js';
import { LIMITS, type Definition, type Step, type Trigger, type WorkflowSettings } from '../definition/definition.js';
import type { DefinitionError } from '../definition/definition-error.js';
import { checkForShop, requireValid } from './definition-check.js';
import { workflowPayload } from './workflow-payload.js';

export interface WorkflowInput {
  name: string;
  description?: string | null;
  trigger: Trigger;
  steps: Step[];
  settings?: WorkflowSettings;
  enabled?: boolean;
}

export interface WorkflowChanges {
  name?: string;
  description?: string | null;
  trigger?: Trigger;
  steps?: Step[];
  settings?: WorkflowSettings;
}

export interface WorkflowFilters {
  status?: WorkflowStatus;
  trigger_type?: string;
  query?: string;
}

const definitionOf = (input: { trigger: Trigger; steps: Step[]; settings?: WorkflowSettings }): Definition => ({
  trigger: input.trigger,
  steps: input.steps,
  ...(input.settings !== undefined && { settings: input.settings }),
});

/** Workflows: definitions checked in full before they are stored, every change of one a new version. */
export class WorkflowsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async get(id: number): Promise<Workflow> {
    const workflow = await this.em.findOne(Workflow, { id });
    if (!workflow) throw notFound('workflow', id);
    return workflow;
  }

  /** validate_workflow and test_workflow: the stored workflow's definition, or the one given (exactly one). */
  async subject(workflowId: number | undefined, definition: unknown): Promise<{ raw: unknown; selfId: number | null }> {
    if ((workflowId === undefined) === (definition === undefined))
      throw invalidArguments('Give exactly one of workflow_id or definition.', [
        { path: 'workflow_id', message: 'or definition, exactly one' },
      ]);
    if (workflowId === undefined) return { raw: definition, selfId: null };
    return { raw: (await this.get(workflowId)).definition, selfId: workflowId };
  }

  async create(input: WorkflowInput) {
    const definition = await requireValid(this.deps, definitionOf(input), null);
    if (input.enabled) await this.roomFor(1);
    const workflow = this.em.create(Workflow, {
      shopId: this.deps.shop.id,
      name: input.name,
      description: input.description ?? null,
      status: input.enabled ? 'active' : 'draft',
      pauseReason: null,
      triggerType: definition.trigger.type,
      version: 1,
      definition,
      consecutiveFailures: 0,
    } as Workflow);
    await this.em.flush();
    this.em.create(WorkflowVersion, {
      shopId: this.deps.shop.id,
      workflowId: workflow.id,
      version: 1,
      definition,
    } as WorkflowVersion);
    await this.em.flush();
    return workflow;
  }

  /** Name and description change in place; a new trigger, steps or settings make a new version (live runs keep theirs). */
  async update(id: number, changes: WorkflowChanges) {
    if (Object.values(changes).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give name, description, trigger, steps or settings.');
    const workflow = await this.get(id);
    if (changes.name !== undefined) workflow.name = changes.name;
    if (changes.description !== undefined) workflow.description = changes.description;
    let newVersion = false;
    if (changes.trigger !== undefined || changes.steps !== undefined || changes.settings !== undefined) {
      const current = workflow.definition;
      const definition = await requireValid(
        this.deps,
        definitionOf({
          trigger: changes.trigger ?? current.trigger,
          steps: changes.steps ?? current.steps,
          settings: changes.settings ?? current.settings,
        }),
        workflow.id,
      );
      if (JSON.stringify(definition) !== JSON.stringify(current)) {
        workflow.version += 1;
        workflow.definition = definition;
        workflow.triggerType = definition.trigger.type;
        this.em.create(WorkflowVersion, {
          shopId: this.deps.shop.id,
          workflowId: workflow.id,
          version: workflow.version,
          definition,
        } as WorkflowVersion);
        newVersion = true;
      }
    }
    await this.em.flush();
    return { workflow, newVersion };
  }

  async duplicate(id: number, name: string | undefined) {
    const source = await this.get(id);
    return this.create({
      name: name ?? `${source.name} (copy)`.slice(0, 120),
      description: source.description ?? null,
      ...source.definition,
      enabled: false,
    });
  }

  /** Deletes a workflow and its versions; live runs are cancelled, finished ones stay in the history. */
  async delete(id: number) {
    const workflow = await this.get(id);
    const cancelled = await this.removeAll([workflow.id]);
    return { workflow, cancelledRuns: cancelled };
  }

  async list(filters: WorkflowFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.status) where.status = filters.status;
    if (filters.trigger_type) where.triggerType = filters.trigger_type;
    if (filters.query) where.name = { $ilike: containsPattern(filters.query) };
    const [items, count] = await this.em.findAndCount(Workflow, where, {
      orderBy: { id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    const runs = await this.liveRuns(items.map((w) => w.id));
    return pageOf(
      'workflows',
      items.map((w) => ({ ...workflowPayload(w), live_runs: runs.get(w.id) ?? 0 })),
      count,
      paging,
    );
  }

  /** A workflow in full: definition, whether it validates now, and its runs by status. */
  async detail(id: number) {
    const workflow = await this.get(id);
    const validation = await checkForShop(this.deps, workflow.definition, workflow.id);
    const rows = await this.em.execute<{ status: string; n: number }[]>(
      `select status, count(*)::int as n from automation_runs where shop_id = ? and workflow_id = ? group by status`,
      [this.deps.shop.id, workflow.id],
    );
    return {
      workflow: { ...workflowPayload(workflow), definition: workflow.definition },
      validation: { valid: validation.valid, errors: validation.errors, warnings: validation.warnings },
      runs: Object.fromEntries(rows.map((r) => [r.status, r.n])),
    };
  }

  /** The shop's workflows with these ids, or not_found naming every missing one (nothing changes). */
  async many(ids: number[]): Promise<Workflow[]> {
    if (new Set(ids).size !== ids.length)
      throw invalidArguments('workflow_ids repeats an id.', [{ path: 'workflow_ids', message: 'must not repeat ids' }]);
    const found = await this.em.find(Workflow, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
    const missing = ids.filter((id) => !found.some((w) => w.id === id));
    if (missing.length > 0)
      throw new ToolError('not_found', `Workflows not found: ${missing.join(', ')}.`, {
        resource: 'workflow',
        ids: missing,
      });
    return found;
  }

  /**
   * Enables or disables workflows, all or none: enabling needs every definition to validate (and
   * room under the 100 active workflows); disabling holds their waiting runs until re-enabled.
   */
  async toggle(ids: number[], enabled: boolean) {
    const workflows = await this.many(ids);
    const target: WorkflowStatus = enabled ? 'active' : 'paused';
    const changing = workflows.filter((w) => w.status !== target);
    if (enabled) {
      const invalid: { id: number; errors: DefinitionError[] }[] = [];
      for (const w of changing) {
        const validation = await checkForShop(this.deps, w.definition, w.id);
        if (!validation.valid) invalid.push({ id: w.id, errors: validation.errors });
      }
      if (invalid.length > 0)
        throw invalidState(`Workflows ${invalid.map((i) => i.id).join(', ')} do not validate; nothing was changed.`, {
          current_status: 'invalid definition',
          allowed: 'a definition that validates',
          invalid,
        });
      await this.roomFor(changing.length);
    }
    for (const w of changing) {
      w.status = target;
      w.pauseReason = enabled ? null : 'manual';
      if (enabled) w.consecutiveFailures = 0;
    }
    await this.em.flush();
    const changed = changing.map((w) => w.id);
    if (enabled && changed.length > 0) {
      // Runs held while their workflow was paused go on.
      await this.em.execute(
        `update automation_runs set wake_at = now(), updated_at = now()
         where shop_id = ? and status = 'waiting' and waiting_for = 'workflow' and workflow_id in (${changed.map(() => '?').join(', ')})`,
        [this.deps.shop.id, ...changed],
      );
      this.deps.automationRunWakeup.afterCommit(this.em);
    }
    return {
      changed,
      unchanged: workflows.filter((w) => !changed.includes(w.id)).map((w) => w.id),
      workflows: workflows.map(workflowPayload),
    };
  }

  /** bulk_delete_workflows, when the user approved: ids deleted meanwhile are reported as skipped. */
  async bulkDelete(ids: number[]) {
    const found = await this.em.find(Workflow, { id: { $in: ids } }, { orderBy: { id: 'asc' } });
    const cancelled = await this.removeAll(found.map((w) => w.id));
    return {
      deleted: found.map((w) => ({ id: w.id, name: w.name })),
      skipped: ids.filter((id) => !found.some((w) => w.id === id)),
      cancelled_runs: cancelled,
    };
  }

  /** The confirmation's sentence: every workflow with its status and live runs. */
  async describe(ids: number[]): Promise<string> {
    const workflows = await this.many(ids);
    const live = await this.liveRuns(ids);
    return workflows
      .map(
        (w) => `“${w.name}” (#${w.id}, ${w.status}${live.get(w.id) ? `, ${live.get(w.id)} live runs to cancel` : ''})`,
      )
      .join(', ');
  }

  private async removeAll(ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const marks = ids.map(() => '?').join(', ');
    const cancelled = await this.em.execute<{ id: number }[]>(
      `update automation_runs set status = 'cancelled', reason = 'workflow_deleted', finished_at = now(), wake_at = null,
         waiting_for = null, lease_owner = null, lease_until = null, updated_at = now()
       where shop_id = ? and workflow_id in (${marks}) and status in ('queued', 'running', 'waiting') returning id`,
      [this.deps.shop.id, ...ids],
    );
    await this.em.nativeDelete(WorkflowVersion, { workflowId: { $in: ids } });
    await this.em.nativeDelete(Workflow, { id: { $in: ids } });
    return cancelled.length;
  }

  private async liveRuns(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em.execute<{ workflow_id: number; n: number }[]>(
      `select workflow_id, count(*)::int as n from automation_runs
       where shop_id = ? and status in ('queued', 'running', 'waiting') and workflow_id in (${ids.map(() => '?').join(', ')})
       group by workflow_id`,
      [this.deps.shop.id, ...ids],
    );
    return new Map(rows.map((r) => [r.workflow_id, r.n]));
  }

  private async roomFor(more: number) {
    if (more === 0) return;
    const active = await this.em.count(Workflow, { status: 'active' });
    if (active + more > LIMITS.activeWorkflowsPerShop)
      throw new ToolError(
        'workflow_limit_reached',
        `A shop may have ${LIMITS.activeWorkflowsPerShop} active workflows; it has ${active}. Disable some first.`,
        { limit: LIMITS.activeWorkflowsPerShop, active },
      );
  }
}
