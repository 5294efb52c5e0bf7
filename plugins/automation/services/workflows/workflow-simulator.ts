import { normalizePhone, type Services } from '../../../../core/index.js';
import type { TriggerFacts } from '../../entities/workflow-run.entity.js';
import { holds } from '../definition/conditions.js';
import { LIMITS, type Definition } from '../definition/definition.js';
import { classifyByKeywords } from '../definition/text-match.js';
import { isOpen } from '../engine/business-hours.js';
import { currentStep, enter, executeStep, exitAfter, type Cursor } from '../engine/interpreter.js';
import { attributeReader } from '../engine/run-facts.js';
import type { OutgoingMessage, StepEffects } from '../engine/step-effects.js';

export interface SimulatedEvent {
  text?: string;
  phone?: string;
  media_type?: string;
  tag?: string;
  variables?: Record<string, string>;
}

interface TraceEntry {
  step_id: string;
  type: string;
  outcome: string;
  detail: Record<string, unknown>;
}

const SIMULATED_PHONE = '+34600000000';

/** Effects that only write down what would happen. */
class RecordingEffects implements StepEffects {
  readonly actions: Record<string, unknown>[] = [];
  private ticketIds = 0;

  constructor(private readonly deps: Services) {}

  async send({ text, billingSource }: OutgoingMessage) {
    this.actions.push({ action: 'send_message', text, billing_source: billingSource });
    return { messageId: null };
  }
  async tag(action: 'add' | 'remove', tag: string) {
    this.actions.push({ action: `${action}_tag`, tag });
  }
  async comment(text: string) {
    this.actions.push({ action: 'add_customer_comment', text });
  }
  async ticket(ticket: { title: string; description: string | null; priority: string | null }) {
    this.actions.push({ action: 'create_ticket', ...ticket });
    return --this.ticketIds;
  }
  async assign(agentId: number) {
    this.actions.push({ action: 'assign_conversation', agent_id: agentId });
  }
  async startWorkflow(workflowId: number) {
    this.actions.push({ action: 'trigger_workflow', workflow_id: workflowId });
    return { skipped: 'simulated: not started' };
  }
  isOpen() {
    return isOpen(this.deps, new Date());
  }
}

/**
 * test_workflow: runs a definition against a simulated trigger, step by step, with nothing sent,
 * written or called: messages, tags, tickets are only listed; waits pass at once; questions take
 * the given answers in order (none left: the timeout exit); http_request is not called (it answers
 * 200 with an empty body, marked simulated); ai_reply gives a placeholder answer and ai_classify
 * uses the categories' keywords. Conditions read the real customer (tags, business hours). An
 * event the trigger does not match starts nothing, as in the engine: no step is traced.
 */
export class WorkflowSimulator {
  constructor(private readonly deps: Services) {}

  async simulate(definition: Definition, event: SimulatedEvent, answers: string[]) {
    const phone = event.phone ? normalizePhone(event.phone) : SIMULATED_PHONE;
    const now = new Date();
    const trigger: TriggerFacts = {
      type: definition.trigger.type,
      text: event.text ?? null,
      media_type: event.media_type ?? null,
      ...(event.tag && { tag: event.tag }),
    };
    const cursor: Cursor = {
      runId: 0,
      phone,
      sessionId: null,
      trigger,
      stepId: null,
      stepState: null,
      visits: {},
      variables: { ...(event.variables ?? {}) },
      stepsExecuted: 0,
      jumps: 0,
    };
    const read = attributeReader(this.deps, { phone, sessionId: null, trigger, variables: cursor.variables }, now);
    const tagOk =
      definition.trigger.tag === undefined || event.tag?.toLowerCase() === definition.trigger.tag.toLowerCase();
    const triggerMatched =
      tagOk && (!definition.trigger.conditions || (await holds(definition.trigger.conditions, read)));
    // The engine starts no run for such an event, so the dry run runs nothing either.
    if (!triggerMatched)
      return {
        trigger_matched: false,
        status: 'not_triggered',
        trace: [],
        actions: [],
        variables: cursor.variables,
        unused_answers: answers,
        note: 'The trigger does not match this event: a real run would not start, so no step ran. Nothing was sent, written or called.',
      };
    const effects = new RecordingEffects(this.deps);
    const trace: TraceEntry[] = [];
    const [customer] = await this.deps.em.execute<{ name: string | null }[]>(
      `select name from customers_view where shop_id = ? and phone = ?`,
      [this.deps.shop.id, phone],
    );
    const placeholders = { nombre: customer?.name ?? '', telefono: phone, tienda: this.deps.shop.name };
    const pending = [...answers];
    let ended: { status: string; error?: unknown } = { status: 'completed' };
    let error = enter(cursor, definition.steps[0]!.id);
    while (!error) {
      if (++cursor.stepsExecuted > LIMITS.stepExecutionsPerRun) {
        error = { code: 'step_limit', message: `More than ${LIMITS.stepExecutionsPerRun} steps.` };
        break;
      }
      const { step, index } = currentStep(definition, cursor);
      cursor.stepState ??= {};
      if (step.type === 'http_request') cursor.stepState.prepared = { status: 200, body: '', simulated: true };
      if (step.type === 'ai_reply')
        cursor.stepState.prepared = { text: '(the assistant’s answer)', engine: 'simulated' };
      if (step.type === 'ai_classify') {
        const categories = step.params!.categories as { name: string; keywords?: string[] }[];
        cursor.stepState.prepared = {
          category: classifyByKeywords(trigger.text ?? '', categories),
          engine: 'simulated',
        };
      }
      const before = effects.actions.length;
      const result = await executeStep({
        definition,
        cursor,
        effects,
        read,
        placeholders,
        timezone: this.deps.shop.timezone,
        now,
      });
      const detail = { ...result.detail, actions: effects.actions.slice(before) };
      trace.push({ step_id: step.id, type: step.type, outcome: result.outcome, detail });
      if (result.outcome === 'waiting') {
        if (result.for === 'answer') {
          const answer = pending.shift();
          if (answer === undefined) cursor.stepState = { ...cursor.stepState, deadline: now.toISOString() };
          else cursor.stepState = { ...cursor.stepState, answer };
        }
        continue;
      }
      const after = exitAfter(definition, index, result);
      if ('fail' in after) {
        ended = { status: 'failed', error: after.fail };
        break;
      }
      if (after.exit === null) break;
      error = enter(cursor, after.exit);
    }
    if (error) ended = { status: 'failed', error };
    return {
      trigger_matched: triggerMatched,
      status: ended.status,
      ...(ended.error ? { error: ended.error } : {}),
      trace,
      actions: effects.actions,
      variables: cursor.variables,
      unused_answers: pending,
      note: 'Simulated: nothing was sent, written or called.',
    };
  }
}
