import { DateTime } from 'luxon';
import { holds, type AttributeReader, type ConditionGroup } from '../definition/conditions.js';
import { LIMITS, nextOf, type Definition, type Step } from '../definition/definition.js';
import { fillPlaceholders, type PlaceholderValues } from '../definition/placeholders.js';
import type { StepState, TriggerFacts } from '../../entities/workflow-run.entity.js';
import { checkAnswer, type AnswerValidation } from './answer-check.js';
import type { EffectError, ExternalEffects, Sent, StepEffects } from './step-effects.js';

/** Where a run stands: what the interpreter reads and moves. */
export interface Cursor {
  runId: number;
  phone: string;
  sessionId: number | null;
  trigger: TriggerFacts;
  stepId: string | null;
  stepState: StepState | null;
  visits: Record<string, number>;
  variables: Record<string, string>;
  stepsExecuted: number;
  jumps: number;
}

export type StepResult =
  | { outcome: 'ok'; exit: string | null; detail: Record<string, unknown>; messageId?: number | null }
  | {
      outcome: 'waiting';
      until: Date;
      for: 'time' | 'answer';
      detail: Record<string, unknown>;
      messageId?: number | null;
    }
  /** exit given: the step's own failure exit (paths.failed, paths.invalid); else the error policy decides. */
  | { outcome: 'failed'; error: EffectError; exit?: string | null; detail: Record<string, unknown> };

export interface StepInput {
  definition: Definition;
  cursor: Cursor;
  effects: StepEffects;
  read: AttributeReader;
  placeholders: CustomerPlaceholders;
  timezone: string;
  now: Date;
}

/** {nombre}, {telefono}, {tienda} of a run's customer. */
export type CustomerPlaceholders = Omit<PlaceholderValues, 'variables'>;

const DEFAULT_TIMEOUT_MINUTES = 1440;
const DEFAULT_RETRIES = 1;

/** The key of a step's message: the same run, step and visit never send twice, whatever crashes. */
export const stepKey = (cursor: Cursor, suffix = '') =>
  `workflow-run-${cursor.runId}-step-${cursor.stepId}-${cursor.visits[cursor.stepId!] ?? 1}${suffix}`;

/** The step the cursor is on. */
export function currentStep(definition: Definition, cursor: Cursor): { step: Step; index: number } {
  const index = definition.steps.findIndex((s) => s.id === cursor.stepId);
  return { step: definition.steps[index]!, index };
}

/**
 * Moves the cursor onto a step: counts the visit (part of the step's keys) and, when the step was
 * visited before, a jump. Returns an error when the run has jumped too often.
 */
export function enter(cursor: Cursor, stepId: string): EffectError | null {
  const visits = (cursor.visits[stepId] ?? 0) + 1;
  cursor.visits[stepId] = visits;
  cursor.stepId = stepId;
  cursor.stepState = null;
  if (visits > 1 && ++cursor.jumps > LIMITS.jumpsPerRun)
    return { code: 'jump_limit', message: `The run went back to a step more than ${LIMITS.jumpsPerRun} times.` };
  return null;
}

const fill = (text: string, input: Pick<StepInput, 'cursor' | 'placeholders'>) =>
  fillPlaceholders(text, { ...input.placeholders, variables: input.cursor.variables });

/** Does the outside part of an external step (model, HTTP), before the step's transaction. */
export async function prepare(
  step: Step,
  input: Pick<StepInput, 'cursor' | 'placeholders'>,
  externals: ExternalEffects,
): Promise<Record<string, unknown>> {
  const p = step.params ?? {};
  const lastText = input.cursor.trigger.text ?? '';
  switch (step.type) {
    case 'http_request': {
      const body = Object.fromEntries(
        Object.entries((p.body as Record<string, unknown>) ?? {}).map(([k, v]) => [
          k,
          typeof v === 'string' ? fill(v, input) : v,
        ]),
      );
      return externals.http(p.url as string, body);
    }
    case 'ai_reply':
      return externals.aiReply(lastText, (p.instructions as string | undefined) ?? null);
    case 'ai_classify':
      return externals.aiClassify(lastText, p.categories as { name: string }[]);
    default:
      return {};
  }
}

/** The next time a wait step ends: after `minutes`, or at the next weekday/time in the shop's timezone. */
function waitUntil(p: Record<string, unknown>, now: Date, timezone: string): Date {
  if (typeof p.minutes === 'number') return new Date(now.getTime() + p.minutes * 60_000);
  const [hour, minute] = (p.until_time as string).split(':').map(Number);
  const local = DateTime.fromJSDate(now, { zone: timezone });
  let at = local.set({ hour: hour!, minute: minute!, second: 0, millisecond: 0 });
  const weekday = p.until_weekday as number | undefined;
  // luxon counts 1 Monday … 7 Sunday; day_of_week 0 Sunday … 6 Saturday.
  for (let i = 0; i < 8 && (at <= local || (weekday !== undefined && at.weekday % 7 !== weekday)); i++)
    at = at.plus({ days: 1 });
  return at.toJSDate();
}

/** What a message step sends: its text (a send_message's filled in), its billing source, its key. */
export function outgoing(
  step: Step,
  input: Pick<StepInput, 'cursor' | 'placeholders'>,
  text: string = fill(step.params!.text as string, input),
) {
  return {
    text,
    billingSource: (step.params?.billing_source as string | undefined) ?? 'workflow',
    key: stepKey(input.cursor),
  };
}

/** A message step's result: on to `exit` with the message, or failed with the send path's refusal. */
export function sentResult(sent: Sent, exit: string | null, detail: Record<string, unknown> = {}): StepResult {
  if ('error' in sent) return { outcome: 'failed', error: sent.error, detail };
  return { outcome: 'ok', exit, detail: { message_id: sent.messageId, ...detail }, messageId: sent.messageId };
}

/**
 * Where a run goes after a step that did not wait: its exit (null: the run ends), or the failure
 * that ends it — a failed step without an exit of its own follows the error policy.
 */
export function exitAfter(
  definition: Definition,
  index: number,
  result: Exclude<StepResult, { outcome: 'waiting' }>,
): { exit: string | null } | { fail: EffectError } {
  if (result.outcome === 'ok') return { exit: result.exit };
  if (result.exit !== undefined) return { exit: result.exit };
  if ((definition.settings?.error_policy ?? 'stop') === 'stop') return { fail: result.error };
  return { exit: nextOf(definition, index) };
}

/** Executes the cursor's step once. Writes only through the effects and into the cursor. */
export async function executeStep(input: StepInput): Promise<StepResult> {
  const { definition, cursor, effects, now } = input;
  const { step, index } = currentStep(definition, cursor);
  const p = step.params ?? {};
  const next = () => nextOf(definition, index);
  const exitOr = (name: string) => step.paths?.[name] ?? next();
  const state = (cursor.stepState ??= {});
  switch (step.type) {
    case 'send_message':
      return sentResult(await effects.send(outgoing(step, input)), next());
    case 'ask_question':
      return askQuestion(step, input, state, next);
    case 'branch': {
      const branches = p.branches as { when: ConditionGroup; next: string }[];
      for (const [i, b] of branches.entries())
        if (await holds(b.when, input.read)) return { outcome: 'ok', exit: b.next, detail: { branch: i } };
      return { outcome: 'ok', exit: next(), detail: { branch: 'otherwise' } };
    }
    case 'wait': {
      if (state.waiting) return { outcome: 'ok', exit: next(), detail: { waited: true } };
      const until = waitUntil(p, now, input.timezone);
      state.waiting = true;
      return { outcome: 'waiting', until, for: 'time', detail: { until: until.toISOString() } };
    }
    case 'business_hours': {
      const open = await effects.isOpen();
      return { outcome: 'ok', exit: exitOr(open ? 'in' : 'out'), detail: { open } };
    }
    case 'add_tag':
    case 'remove_tag':
      await effects.tag(step.type === 'add_tag' ? 'add' : 'remove', p.tag as string);
      return { outcome: 'ok', exit: next(), detail: { tag: p.tag } };
    case 'add_customer_comment':
      await effects.comment(fill(p.text as string, input));
      return { outcome: 'ok', exit: next(), detail: {} };
    case 'create_ticket': {
      const ticketId = await effects.ticket({
        title: fill(p.title as string, input),
        description: typeof p.description === 'string' ? fill(p.description, input) : null,
        priority: (p.priority as string | undefined) ?? null,
      });
      cursor.variables.ticket_id = String(ticketId);
      return { outcome: 'ok', exit: next(), detail: { ticket_id: ticketId } };
    }
    case 'assign_conversation':
      await effects.assign(p.agent_id as number);
      return { outcome: 'ok', exit: next(), detail: { agent_id: p.agent_id } };
    case 'http_request': {
      const answer = state.prepared as { status: number; body: string } | { error: EffectError };
      const name = p.save_as as string | undefined;
      if ('error' in answer) {
        if (name) cursor.variables[`${name}_status`] = '0';
        return {
          outcome: 'failed',
          error: answer.error,
          detail: {},
          ...(step.paths?.failed && { exit: step.paths.failed }),
        };
      }
      if (name) {
        cursor.variables[name] = answer.body;
        cursor.variables[`${name}_status`] = String(answer.status);
      }
      if (answer.status < 200 || answer.status > 299)
        return {
          outcome: 'failed',
          error: { code: 'http_status', message: `The endpoint answered HTTP ${answer.status}.` },
          detail: { status: answer.status },
          ...(step.paths?.failed && { exit: step.paths.failed }),
        };
      return { outcome: 'ok', exit: next(), detail: { status: answer.status } };
    }
    case 'ai_reply': {
      const answer = state.prepared as
        { text: string | null; engine: string; notice?: string } | { error: EffectError };
      if ('error' in answer) return { outcome: 'failed', error: answer.error, detail: {} };
      if (answer.text === null)
        return { outcome: 'ok', exit: exitOr('handoff'), detail: { handoff: true, engine: answer.engine } };
      const sent = await effects.send(outgoing(step, input, answer.text));
      return sentResult(sent, next(), { engine: answer.engine, ...(answer.notice && { notice: answer.notice }) });
    }
    case 'ai_classify': {
      const answer = state.prepared as { category: string; engine: string } | { error: EffectError };
      if ('error' in answer) return { outcome: 'failed', error: answer.error, detail: {} };
      cursor.variables[(p.save_as as string | undefined) ?? 'intent'] = answer.category;
      return { outcome: 'ok', exit: next(), detail: { category: answer.category, engine: answer.engine } };
    }
    case 'trigger_workflow': {
      const started = await effects.startWorkflow(p.workflow_id as number);
      return {
        outcome: 'ok',
        exit: next(),
        detail: {
          workflow_id: p.workflow_id,
          ...('runId' in started ? { run_id: started.runId } : { skipped: started.skipped }),
        },
      };
    }
    case 'jump_to':
      return { outcome: 'ok', exit: p.step as string, detail: {} };
    case 'end':
      return { outcome: 'ok', exit: null, detail: { ended: true } };
    default:
      return {
        outcome: 'failed',
        error: { code: 'unknown_step', message: `Unknown step type ${step.type}.` },
        detail: {},
      };
  }
}

async function askQuestion(
  step: Step,
  input: StepInput,
  state: StepState,
  next: () => string | null,
): Promise<StepResult> {
  const { cursor, effects, now } = input;
  const p = step.params ?? {};
  const timeout = ((p.timeout_minutes as number | undefined) ?? DEFAULT_TIMEOUT_MINUTES) * 60_000;
  const ask = async (text: string, suffix: string): Promise<StepResult> => {
    const sent = await effects.send({
      text: fill(text, input),
      billingSource: 'workflow',
      key: stepKey(cursor, suffix),
    });
    if ('error' in sent) return { outcome: 'failed', error: sent.error, detail: {} };
    const until = new Date(now.getTime() + timeout);
    state.deadline = until.toISOString();
    delete state.answer;
    return {
      outcome: 'waiting',
      until,
      for: 'answer',
      detail: { asked: suffix === '' ? 'question' : 'retry', message_id: sent.messageId },
      messageId: sent.messageId,
    };
  };
  if (!state.asked) {
    state.asked = true;
    state.retries = 0;
    return ask(p.text as string, '');
  }
  if (state.answer !== undefined) {
    const value = checkAnswer(
      state.answer,
      (p.validation as AnswerValidation | undefined) ?? 'any',
      p.options as string[] | undefined,
      input.timezone,
    );
    if (value !== null) {
      cursor.variables[p.save_as as string] = value;
      return { outcome: 'ok', exit: next(), detail: { answer: value } };
    }
    if ((state.retries ?? 0) < ((p.retries as number | undefined) ?? DEFAULT_RETRIES)) {
      state.retries = (state.retries ?? 0) + 1;
      return ask((p.retry_text as string | undefined) ?? (p.text as string), `-retry-${state.retries}`);
    }
    const invalid = {
      code: 'invalid_answer',
      message: 'The customer’s answers did not pass the question’s validation.',
    };
    return {
      outcome: 'failed',
      error: invalid,
      detail: { answer: state.answer },
      ...(step.paths?.invalid && { exit: step.paths.invalid }),
    };
  }
  const deadline = new Date(state.deadline ?? now);
  if (now >= deadline) return { outcome: 'ok', exit: step.paths?.timeout ?? null, detail: { timeout: true } };
  return { outcome: 'waiting', until: deadline, for: 'answer', detail: { still_waiting: true } };
}
