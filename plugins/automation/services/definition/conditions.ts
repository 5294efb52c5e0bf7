import { foldAccents } from '../../../../core/index.js';
import { hasKeyword } from './text-match.js';
import type { DefinitionError } from './definition-error.js';

/** What a condition can look at, and the kind of value it is. `var.<name>` is a run variable (text). */
export const CONDITION_ATTRIBUTES = {
  'message.text': 'text',
  'message.media_type': 'text',
  'customer.tags': 'list',
  'customer.language': 'text',
  'customer.country_code': 'text',
  'conversation.session_id': 'number',
  'time.business_hours': 'boolean',
  'time.weekday': 'number',
  'time.local_time': 'text',
  'ai.intent': 'text',
  'ai.topic': 'text',
  'ai.priority': 'text',
  'ai.sentiment': 'text',
} as const;
export type AttributeName = keyof typeof CONDITION_ATTRIBUTES;
type ValueKind = (typeof CONDITION_ATTRIBUTES)[AttributeName];

/** What the attributes whose meaning their kind does not say mean (get_automation_catalog). */
export const CONDITION_ATTRIBUTE_MEANINGS: Partial<Record<AttributeName, string>> = {
  'time.weekday': "today's weekday in the shop's timezone: 0 Sunday … 6 Saturday",
  'time.local_time': "the time in the shop's timezone, HH:MM (compares as text: 09:30 < 18:00)",
  'time.business_hours': "whether the shop's business hours are open now",
  'conversation.session_id': 'the line (session_id) the message came in on',
  'customer.country_code': 'the calling code of the customer’s phone, e.g. 34',
};

export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'has_any_keyword',
  'in',
  'not_in',
  'is_set',
  'is_not_set',
  'greater_than',
  'less_than',
  'between',
] as const;
export type Operator = (typeof CONDITION_OPERATORS)[number];

/** The operators each kind of value takes. */
const OPERATORS_OF: Record<ValueKind, readonly Operator[]> = {
  text: CONDITION_OPERATORS,
  list: ['contains', 'not_contains', 'in', 'not_in', 'is_set', 'is_not_set'],
  number: ['equals', 'not_equals', 'in', 'not_in', 'greater_than', 'less_than', 'between', 'is_set', 'is_not_set'],
  boolean: ['equals', 'not_equals'],
};

export interface Condition {
  attribute: string;
  operator: Operator;
  value?: unknown;
}
/** `all` (every one holds) or `any`; items are conditions or groups of conditions (one level deep). */
export type ConditionGroup = { all: (Condition | ConditionGroup)[] } | { any: (Condition | ConditionGroup)[] };

const VAR = /^var\.[a-z][a-z0-9_]{0,39}$/;
const MAX_ITEMS = 20;
const MAX_LIST = 50;

const kindOf = (attribute: string): ValueKind | null =>
  VAR.test(attribute) ? 'text' : ((CONDITION_ATTRIBUTES as Record<string, ValueKind>)[attribute] ?? null);

/** The run variables a group of conditions reads (`var.<name>` attributes). */
export function variablesRead(group: ConditionGroup): string[] {
  const items = 'all' in group ? group.all : group.any;
  return items.flatMap((item) =>
    'attribute' in item ? (VAR.test(item.attribute) ? [item.attribute.slice(4)] : []) : variablesRead(item),
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a condition group's shape, attributes, operators and values; every problem at its JSON path. */
export function checkConditions(raw: unknown, path: string, errors: DefinitionError[], depth = 0): void {
  if (!isObject(raw)) {
    errors.push({ path, message: 'must be an object with "all" or "any"' });
    return;
  }
  const keys = Object.keys(raw);
  if (keys.length !== 1 || (keys[0] !== 'all' && keys[0] !== 'any')) {
    errors.push({ path, message: 'must have exactly one of "all" or "any"' });
    return;
  }
  const key = keys[0];
  const items = raw[key];
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_ITEMS) {
    errors.push({ path: `${path}.${key}`, message: `must be a list of 1 to ${MAX_ITEMS} conditions` });
    return;
  }
  items.forEach((item, i) => {
    const at = `${path}.${key}.${i}`;
    if (isObject(item) && ('all' in item || 'any' in item)) {
      if (depth >= 1) errors.push({ path: at, message: 'groups nest one level deep at most' });
      else checkConditions(item, at, errors, depth + 1);
      return;
    }
    checkCondition(item, at, errors);
  });
}

function checkCondition(raw: unknown, path: string, errors: DefinitionError[]): void {
  if (!isObject(raw)) {
    errors.push({ path, message: 'must be a condition object (attribute, operator, value)' });
    return;
  }
  for (const key of Object.keys(raw))
    if (!['attribute', 'operator', 'value'].includes(key))
      errors.push({ path: `${path}.${key}`, message: 'is not a known field' });
  const kind = typeof raw.attribute === 'string' ? kindOf(raw.attribute) : null;
  if (!kind) {
    errors.push({
      path: `${path}.attribute`,
      message: `must be one of ${Object.keys(CONDITION_ATTRIBUTES).join(', ')} or var.<name>`,
    });
    return;
  }
  const operator = raw.operator as Operator;
  if (!OPERATORS_OF[kind].includes(operator)) {
    errors.push({
      path: `${path}.operator`,
      message: `must be one of ${OPERATORS_OF[kind].join(', ')} for ${raw.attribute}`,
    });
    return;
  }
  const problem =
    valueProblem(kind, operator, raw.value) ?? (raw.attribute === 'time.weekday' ? weekdayProblem(raw.value) : null);
  if (problem) errors.push({ path: `${path}.value`, message: problem });
}

/**
 * time.weekday counts as every weekday number does, 0 Sunday … 6 Saturday; a range cannot wrap
 * past Saturday, so days across the weekend are a list.
 */
function weekdayProblem(value: unknown): string | null {
  const days = Array.isArray(value) ? value : value === undefined ? [] : [value];
  if (!days.every((d) => Number.isInteger(d) && (d as number) >= 0 && (d as number) <= 6))
    return 'weekdays are whole numbers from 0 Sunday to 6 Saturday';
  if (Array.isArray(value) && value.length === 2 && (value[0] as number) > (value[1] as number))
    return `a range cannot wrap past Saturday: for days across the weekend use the operator in, e.g. [${weekdaysFrom(value[0] as number, value[1] as number).join(', ')}]`;
  return null;
}

const weekdaysFrom = (from: number, to: number) =>
  Array.from({ length: ((to - from + 7) % 7) + 1 }, (_, i) => (from + i) % 7);

function valueProblem(kind: ValueKind, operator: Operator, value: unknown): string | null {
  const scalar = kind === 'number' ? 'a number' : kind === 'boolean' ? 'true or false' : 'a text';
  const isScalar = (v: unknown) =>
    kind === 'number'
      ? typeof v === 'number' && Number.isFinite(v)
      : kind === 'boolean'
        ? typeof v === 'boolean'
        : typeof v === 'string' && v.length > 0 && v.length <= 500;
  switch (operator) {
    case 'is_set':
    case 'is_not_set':
      return value === undefined ? null : 'must be left out for this operator';
    case 'in':
    case 'not_in':
    case 'has_any_keyword': {
      const itemKind = kind === 'list' ? 'text' : kind;
      const ok =
        Array.isArray(value) &&
        value.length > 0 &&
        value.length <= MAX_LIST &&
        value.every((v) => (itemKind === 'number' ? typeof v === 'number' : typeof v === 'string' && v.length > 0));
      return ok ? null : `must be a list of 1 to ${MAX_LIST} ${itemKind === 'number' ? 'numbers' : 'texts'}`;
    }
    case 'between':
      return Array.isArray(value) &&
        value.length === 2 &&
        value.every((v) => typeof v === (kind === 'number' ? 'number' : 'string'))
        ? null
        : `must be a pair [from, to] of ${kind === 'number' ? 'numbers' : 'texts'}`;
    case 'contains':
    case 'not_contains':
      if (kind === 'list') return typeof value === 'string' && value.length > 0 ? null : 'must be a text';
      return isScalar(value) ? null : `must be ${scalar}`;
    default:
      return isScalar(value) ? null : `must be ${scalar}`;
  }
}

/** An attribute's value now: text, list, number, boolean or null (unknown). */
export type AttributeValue = string | string[] | number | boolean | null;
export type AttributeReader = (attribute: string) => Promise<AttributeValue>;

/** Whether a (valid) group holds, reading each attribute once at most, in order, stopping early. */
export async function holds(group: ConditionGroup, read: AttributeReader): Promise<boolean> {
  const cache = new Map<string, AttributeValue>();
  const value = async (attribute: string) => {
    if (!cache.has(attribute)) cache.set(attribute, await read(attribute));
    return cache.get(attribute)!;
  };
  const evalGroup = async (g: ConditionGroup): Promise<boolean> => {
    const all = 'all' in g;
    for (const item of all ? g.all : g.any) {
      const ok = 'attribute' in item ? test(item, await value(item.attribute)) : await evalGroup(item);
      if (all && !ok) return false;
      if (!all && ok) return true;
    }
    return all;
  };
  return evalGroup(group);
}

const same = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? foldAccents(a) === foldAccents(b) : a === b;

/** Texts compare as numbers when both are numbers, else as folded text (HH:MM compares as text). */
const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  const nx = Number(x);
  const ny = Number(y);
  if (x.trim() !== '' && y.trim() !== '' && Number.isFinite(nx) && Number.isFinite(ny)) return nx - ny;
  return foldAccents(x) < foldAccents(y) ? -1 : foldAccents(x) > foldAccents(y) ? 1 : 0;
};

function test(c: Condition, actual: AttributeValue): boolean {
  const set = actual !== null && actual !== '' && !(Array.isArray(actual) && actual.length === 0);
  if (c.operator === 'is_set') return set;
  if (c.operator === 'is_not_set') return !set;
  if (Array.isArray(actual)) {
    const list = actual.map(foldAccents);
    switch (c.operator) {
      case 'contains':
        return list.includes(foldAccents(String(c.value)));
      case 'not_contains':
        return !list.includes(foldAccents(String(c.value)));
      case 'in':
        return (c.value as string[]).some((v) => list.includes(foldAccents(v)));
      case 'not_in':
        return !(c.value as string[]).some((v) => list.includes(foldAccents(v)));
      default:
        return false;
    }
  }
  if (actual === null) return c.operator === 'not_equals' || c.operator === 'not_contains' || c.operator === 'not_in';
  switch (c.operator) {
    case 'equals':
      return same(actual, c.value);
    case 'not_equals':
      return !same(actual, c.value);
    case 'contains':
      return foldAccents(String(actual)).includes(foldAccents(String(c.value)));
    case 'not_contains':
      return !foldAccents(String(actual)).includes(foldAccents(String(c.value)));
    case 'starts_with':
      return foldAccents(String(actual)).startsWith(foldAccents(String(c.value)));
    case 'has_any_keyword':
      return (c.value as string[]).some((k) => hasKeyword(String(actual), k));
    case 'in':
      return (c.value as unknown[]).some((v) => same(actual, v));
    case 'not_in':
      return !(c.value as unknown[]).some((v) => same(actual, v));
    case 'greater_than':
      return compare(actual, c.value) > 0;
    case 'less_than':
      return compare(actual, c.value) < 0;
    case 'between': {
      const [from, to] = c.value as [unknown, unknown];
      return compare(actual, from) >= 0 && compare(actual, to) <= 0;
    }
    default:
      return false;
  }
}
