import { Migration } from '../../../core/index.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const OLD_DAYS = [1, 2, 3, 4, 5, 6, 7];
const isOldDay = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 7;

/** The days, 1 Monday … 7 Sunday, on which a time.weekday condition held before. */
function oldDays(c: Json): number[] {
  const v = c.value;
  const n = (x: unknown) => (typeof x === 'number' ? x : Number(x));
  const test: Record<string, (d: number) => boolean> = {
    equals: (d) => d === n(v),
    not_equals: (d) => d !== n(v),
    in: (d) => Array.isArray(v) && v.map(n).includes(d),
    not_in: (d) => Array.isArray(v) && !v.map(n).includes(d),
    greater_than: (d) => d > n(v),
    less_than: (d) => d < n(v),
    between: (d) => Array.isArray(v) && d >= n(v[0]) && d <= n(v[1]),
    is_set: () => true,
    is_not_set: () => false,
  };
  const holds = test[c.operator as string];
  return holds ? OLD_DAYS.filter(holds) : [];
}

/**
 * A time.weekday condition written when it counted 1 Monday … 7 Sunday, rewritten to hold on the
 * same days counting 0 Sunday … 6 Saturday. Equality and lists keep their operator (7 becomes 0);
 * a range becomes the list of its days, since a range that reached Sunday has no 0–6 equivalent and
 * one below a bound would now take Sunday in.
 */
export function convertWeekdayCondition(c: Json): Json {
  const values = Array.isArray(c.value) ? c.value : [c.value];
  if (['equals', 'not_equals', 'in', 'not_in'].includes(c.operator as string) && values.every(isOldDay))
    return { ...c, value: Array.isArray(c.value) ? c.value.map((d) => d % 7) : (c.value as number) % 7 };
  const days = oldDays(c);
  if (days.length === 7) return { attribute: c.attribute, operator: 'is_set' };
  if (days.length === 0) return { attribute: c.attribute, operator: 'is_not_set' };
  return { attribute: c.attribute, operator: 'in', value: days.map((d) => d % 7).sort((a, b) => a - b) };
}

function convertGroup(group: unknown): unknown {
  if (!isObject(group)) return group;
  const key = 'all' in group ? 'all' : 'any' in group ? 'any' : undefined;
  if (!key || !Array.isArray(group[key])) return group;
  return {
    ...group,
    [key]: (group[key] as unknown[]).map((item) =>
      isObject(item) && item.attribute === 'time.weekday'
        ? convertWeekdayCondition(item)
        : isObject(item) && ('all' in item || 'any' in item)
          ? convertGroup(item)
          : item,
    ),
  };
}

/** A workflow definition with its trigger's and its branch steps' weekday conditions converted. */
export function convertWeekdayConditions(definition: Json): Json {
  const trigger = isObject(definition.trigger) ? definition.trigger : undefined;
  const steps = Array.isArray(definition.steps) ? definition.steps : undefined;
  return {
    ...definition,
    ...(trigger?.conditions !== undefined && {
      trigger: { ...trigger, conditions: convertGroup(trigger.conditions) },
    }),
    ...(steps && {
      steps: steps.map((s: unknown) =>
        isObject(s) && isObject(s.params) && Array.isArray(s.params.branches)
          ? {
              ...s,
              params: {
                ...s.params,
                branches: s.params.branches.map((b: unknown) =>
                  isObject(b) ? { ...b, when: convertGroup(b.when) } : b,
                ),
              },
            }
          : s,
      ),
    }),
  };
}

/**
 * The workflow condition time.weekday counts 0 Sunday … 6 Saturday, as every weekday number does
 * (docs/decisions.md, "Weekdays"); it counted 1 Monday … 7 Sunday. Stored conditions are rewritten
 * to hold on the same days, in workflows and in the versions runs execute.
 */
export class AutomationWeekdayConditions extends Migration {
  override async up(): Promise<void> {
    for (const table of ['automation_workflows', 'automation_workflow_versions']) {
      const rows = (await this.execute(
        `select "id", "definition" from "${table}" where "definition"::text like '%"time.weekday"%'`,
      )) as { id: number; definition: Json | string }[];
      for (const row of rows) {
        const definition = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
        await this.execute(`update "${table}" set "definition" = ?::jsonb where "id" = ?`, [
          JSON.stringify(convertWeekdayConditions(definition)),
          row.id,
        ]);
      }
    }
  }
}
