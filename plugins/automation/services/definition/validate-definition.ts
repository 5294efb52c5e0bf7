import { Value } from 'typebox/value';
import { describeErrors } from '../../../../core/index.js';
import { checkConditions, variablesRead, type ConditionGroup } from './conditions.js';
import type { DefinitionError } from './definition-error.js';
import { LIMITS, TRIGGER_TYPES, nextOf, type Definition, type Step } from './definition.js';
import { unknownPlaceholders } from './placeholders.js';
import { STEP_TYPES, VARIABLE_NAME } from './step-types.js';

export interface Validation {
  valid: boolean;
  errors: DefinitionError[];
  /** Not wrong, but likely not meant: unreachable steps. */
  warnings: DefinitionError[];
  /** The checked definition, when valid. */
  definition: Definition | null;
}

const STEP_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
const VARIABLE = new RegExp(VARIABLE_NAME);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function unknownKeys(obj: Record<string, unknown>, allowed: string[], path: string, errors: DefinitionError[]) {
  for (const key of Object.keys(obj))
    if (!allowed.includes(key)) errors.push({ path: path ? `${path}.${key}` : key, message: 'is not a known field' });
}

/** The texts of a step that may hold placeholders, with their paths. */
function textsOf(step: Step, at: string): [string, string][] {
  const p = step.params ?? {};
  const texts: [string, string][] = [];
  for (const key of ['text', 'retry_text', 'title', 'description', 'instructions'])
    if (typeof p[key] === 'string') texts.push([`${at}.params.${key}`, p[key]]);
  if (step.type === 'http_request' && isObject(p.body))
    for (const [key, value] of Object.entries(p.body))
      if (typeof value === 'string') texts.push([`${at}.params.body.${key}`, value]);
  return texts;
}

/** The variables a step sets. */
function variablesSet(step: Step): string[] {
  const p = step.params ?? {};
  switch (step.type) {
    case 'ask_question':
      return typeof p.save_as === 'string' ? [p.save_as] : [];
    case 'http_request':
      return typeof p.save_as === 'string' ? [p.save_as, `${p.save_as}_status`] : [];
    case 'ai_classify':
      return [typeof p.save_as === 'string' ? p.save_as : 'intent'];
    case 'create_ticket':
      return ['ticket_id'];
    default:
      return [];
  }
}

/** Every exit of a step: [path of the reference, target id]. */
function exitsOf(step: Step, index: number, definition: Definition, at: string): [string, string][] {
  const exits: [string, string][] = [];
  const type = STEP_TYPES[step.type];
  if (!type?.terminal) {
    const next = nextOf(definition, index);
    if (next !== null) exits.push([step.next !== undefined ? `${at}.next` : `${at}`, next]);
  }
  for (const [name, target] of Object.entries(step.paths ?? {})) exits.push([`${at}.paths.${name}`, target]);
  const p = step.params ?? {};
  if (step.type === 'jump_to' && typeof p.step === 'string') exits.push([`${at}.params.step`, p.step]);
  if (step.type === 'branch' && Array.isArray(p.branches))
    p.branches.forEach((b, i) => {
      if (isObject(b) && typeof b.next === 'string') exits.push([`${at}.params.branches.${i}.next`, b.next]);
    });
  return exits;
}

/**
 * Checks a workflow definition completely and reports every problem at its JSON path: the
 * trigger, each step's parameters, references between steps, placeholders and variables, loops
 * that never pause (a cycle with no wait or ask_question), the limits. Nothing is executed.
 */
export function validateDefinition(raw: unknown): Validation {
  const errors: DefinitionError[] = [];
  const warnings: DefinitionError[] = [];
  const fail = (): Validation => ({ valid: false, errors, warnings, definition: null });
  if (!isObject(raw)) {
    errors.push({ path: '(root)', message: 'must be an object with trigger, steps and settings' });
    return fail();
  }
  unknownKeys(raw, ['trigger', 'steps', 'settings'], '', errors);
  checkTrigger(raw.trigger, errors);
  const inputs = checkSettings(raw.settings, errors);
  const steps = raw.steps;
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > LIMITS.stepsPerWorkflow) {
    errors.push({ path: 'steps', message: `must be a list of 1 to ${LIMITS.stepsPerWorkflow} steps` });
    return fail();
  }
  const ids = new Map<string, number>();
  steps.forEach((step, i) => {
    const at = `steps.${i}`;
    if (!isObject(step)) {
      errors.push({ path: at, message: 'must be a step object (id, type, params, next, paths)' });
      return;
    }
    unknownKeys(step, ['id', 'type', 'params', 'next', 'paths'], at, errors);
    if (typeof step.id !== 'string' || !STEP_ID.test(step.id))
      errors.push({
        path: `${at}.id`,
        message: 'must be 1 to 40 of a-z, 0-9, _ and -, starting with a letter or digit',
      });
    else if (ids.has(step.id))
      errors.push({ path: `${at}.id`, message: `repeats the id of steps[${ids.get(step.id)}]` });
    else ids.set(step.id, i);
    checkStep(step, at, errors);
  });
  if (errors.length > 0) return fail();

  const definition = raw as unknown as Definition;
  // References, placeholders and variables, once every step is well formed.
  const variables = new Set([...inputs, ...definition.steps.flatMap(variablesSet)]);
  definition.steps.forEach((step, i) => {
    const at = `steps.${i}`;
    for (const [path, target] of exitsOf(step, i, definition, at))
      if (!ids.has(target)) errors.push({ path, message: `names step "${target}", which does not exist` });
    for (const [path, text] of textsOf(step, at)) {
      const unknown = unknownPlaceholders(text, variables);
      if (unknown.length > 0)
        errors.push({
          path,
          message: `has unknown placeholders ${unknown.join(', ')} (known: {nombre}, {telefono}, {tienda}, {var.<name>} of a variable a step sets or settings.inputs names)`,
        });
    }
    if (step.type === 'branch')
      (step.params!.branches as { when: ConditionGroup }[]).forEach((b, j) =>
        unreadVariables(b.when, variables, `${at}.params.branches.${j}.when`, errors),
      );
  });
  if (definition.trigger.conditions)
    unreadVariables(definition.trigger.conditions, variables, 'trigger.conditions', errors);
  if (errors.length > 0) return fail();

  busyLoops(definition, ids, errors);
  if (errors.length > 0) return fail();
  for (const index of unreachable(definition, ids))
    warnings.push({ path: `steps.${index}`, message: `step "${definition.steps[index]!.id}" is never reached` });
  return { valid: true, errors, warnings, definition };
}

function unreadVariables(group: ConditionGroup, variables: Set<string>, path: string, errors: DefinitionError[]) {
  for (const name of variablesRead(group))
    if (!variables.has(name))
      errors.push({ path, message: `reads var.${name}, which no step sets and settings.inputs does not name` });
}

function checkTrigger(raw: unknown, errors: DefinitionError[]) {
  if (!isObject(raw)) {
    errors.push({ path: 'trigger', message: 'must be an object with a type' });
    return;
  }
  unknownKeys(raw, ['type', 'conditions', 'idle_hours', 'tag'], 'trigger', errors);
  if (!(TRIGGER_TYPES as readonly unknown[]).includes(raw.type))
    errors.push({ path: 'trigger.type', message: `must be one of ${TRIGGER_TYPES.join(', ')}` });
  if (raw.conditions !== undefined) checkConditions(raw.conditions, 'trigger.conditions', errors);
  if (raw.idle_hours !== undefined) {
    if (raw.type !== 'conversation_opened')
      errors.push({ path: 'trigger.idle_hours', message: 'is only for conversation_opened' });
    else if (!Number.isInteger(raw.idle_hours) || (raw.idle_hours as number) < 1 || (raw.idle_hours as number) > 720)
      errors.push({ path: 'trigger.idle_hours', message: 'must be a whole number of hours from 1 to 720' });
  }
  if (raw.tag !== undefined) {
    if (raw.type !== 'customer_tagged' && raw.type !== 'customer_untagged')
      errors.push({ path: 'trigger.tag', message: 'is only for customer_tagged and customer_untagged' });
    else if (typeof raw.tag !== 'string' || raw.tag.length === 0 || raw.tag.length > 50)
      errors.push({ path: 'trigger.tag', message: 'must be a tag name of 1 to 50 characters' });
  }
}

/** Checks the settings; returns the input variables it names. */
function checkSettings(raw: unknown, errors: DefinitionError[]): string[] {
  if (raw === undefined) return [];
  if (!isObject(raw)) {
    errors.push({ path: 'settings', message: 'must be an object' });
    return [];
  }
  unknownKeys(raw, ['once_per_contact', 'reentry_cooldown_minutes', 'error_policy', 'inputs'], 'settings', errors);
  if (raw.once_per_contact !== undefined && typeof raw.once_per_contact !== 'boolean')
    errors.push({ path: 'settings.once_per_contact', message: 'must be true or false' });
  const cooldown = raw.reentry_cooldown_minutes;
  if (
    cooldown !== undefined &&
    (!Number.isInteger(cooldown) || (cooldown as number) < 0 || (cooldown as number) > 43_200)
  )
    errors.push({ path: 'settings.reentry_cooldown_minutes', message: 'must be a whole number from 0 to 43200' });
  if (raw.error_policy !== undefined && raw.error_policy !== 'stop' && raw.error_policy !== 'continue')
    errors.push({ path: 'settings.error_policy', message: 'must be "stop" or "continue"' });
  if (raw.inputs === undefined) return [];
  if (
    !Array.isArray(raw.inputs) ||
    raw.inputs.length > 20 ||
    !raw.inputs.every((v) => typeof v === 'string' && VARIABLE.test(v))
  ) {
    errors.push({ path: 'settings.inputs', message: 'must be a list of up to 20 variable names (a-z, 0-9, _)' });
    return [];
  }
  return raw.inputs as string[];
}

function checkStep(step: Record<string, unknown>, at: string, errors: DefinitionError[]) {
  const type = typeof step.type === 'string' ? STEP_TYPES[step.type] : undefined;
  if (!type) {
    errors.push({ path: `${at}.type`, message: `must be one of ${Object.keys(STEP_TYPES).join(', ')}` });
    return;
  }
  const params = step.params ?? {};
  if (!isObject(params)) {
    errors.push({ path: `${at}.params`, message: 'must be an object' });
    return;
  }
  for (const e of describeErrors(Value.Errors(type.params, params)))
    errors.push({ path: e.path === '(root)' ? `${at}.params` : `${at}.params.${e.path}`, message: e.message });
  if (step.next !== undefined && step.next !== null && typeof step.next !== 'string')
    errors.push({ path: `${at}.next`, message: 'must be a step id or null' });
  if (type.terminal && step.next !== undefined)
    errors.push({ path: `${at}.next`, message: `is not allowed: a ${step.type} step does not go on to a next step` });
  if (step.paths !== undefined) {
    if (!isObject(step.paths)) errors.push({ path: `${at}.paths`, message: 'must be an object' });
    else
      for (const [name, target] of Object.entries(step.paths)) {
        if (!type.paths.includes(name))
          errors.push({
            path: `${at}.paths.${name}`,
            message:
              type.paths.length > 0
                ? `must be one of ${type.paths.join(', ')}`
                : `a ${step.type} step has no named exits`,
          });
        else if (typeof target !== 'string') errors.push({ path: `${at}.paths.${name}`, message: 'must be a step id' });
      }
  }
  switch (step.type) {
    case 'ask_question':
      if (params.validation === 'option' && params.options === undefined)
        errors.push({ path: `${at}.params.options`, message: 'is required with validation "option"' });
      if (params.options !== undefined && params.validation !== 'option')
        errors.push({ path: `${at}.params.options`, message: 'is only used with validation "option"' });
      break;
    case 'wait': {
      const byTime = params.until_time !== undefined || params.until_weekday !== undefined;
      if ((params.minutes === undefined) === !byTime)
        errors.push({
          path: `${at}.params`,
          message: 'needs either minutes or until_time (with until_weekday if wanted)',
        });
      else if (params.until_weekday !== undefined && params.until_time === undefined)
        errors.push({ path: `${at}.params.until_time`, message: 'is required with until_weekday' });
      break;
    }
    case 'branch':
      if (Array.isArray(params.branches))
        params.branches.forEach((b, i) => {
          if (isObject(b)) checkConditions(b.when, `${at}.params.branches.${i}.when`, errors);
        });
      break;
  }
}

/** Cycles that pass no wait or ask_question: a run would spin through them without pause. */
function busyLoops(definition: Definition, ids: Map<string, number>, errors: DefinitionError[]) {
  const pauses = (i: number) => STEP_TYPES[definition.steps[i]!.type]!.pauses === true;
  const color = new Array<number>(definition.steps.length).fill(0);
  const visit = (i: number): boolean => {
    color[i] = 1;
    for (const [path, target] of exitsOf(definition.steps[i]!, i, definition, `steps.${i}`)) {
      const j = ids.get(target)!;
      if (pauses(j)) continue;
      if (color[j] === 1) {
        errors.push({ path, message: `loops back to step "${target}" without a wait or ask_question in the loop` });
        return true;
      }
      if (color[j] === 0 && visit(j)) return true;
    }
    color[i] = 2;
    return false;
  };
  // Every cycle among the non-pausing steps is found from one of them.
  for (let i = 0; i < definition.steps.length; i++) if (color[i] === 0 && !pauses(i) && visit(i)) return;
}

function unreachable(definition: Definition, ids: Map<string, number>): number[] {
  const seen = new Set<number>([0]);
  const queue = [0];
  while (queue.length > 0) {
    const i = queue.shift()!;
    for (const [, target] of exitsOf(definition.steps[i]!, i, definition, '')) {
      const j = ids.get(target)!;
      if (!seen.has(j)) {
        seen.add(j);
        queue.push(j);
      }
    }
  }
  return definition.steps.map((_, i) => i).filter((i) => !seen.has(i));
}
