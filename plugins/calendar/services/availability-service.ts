import { invalidArguments, notFound, type FieldError, type Services } from '../../../core/index.js';
import { CalendarRule } from '../entities/calendar-rule.entity.js';
import type { RuleType } from '../entities/values.js';
import { minutesOf } from './slots/day-windows.js';
import { requireChanges } from './require-changes.js';

export interface RuleFields {
  rule_type?: RuleType;
  start_time?: string;
  end_time?: string;
  day_of_week?: number | null;
  specific_date?: string | null;
  label?: string | null;
  is_available?: boolean;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const realDate = (raw: string) => {
  const m = DATE.exec(raw);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/**
 * Every problem of a rule as it would be stored: `weekly` needs day_of_week, `date_exception`
 * needs specific_date, `blocked` one of them; times are HH:MM with end after start (24:00 ends the
 * day; a span across midnight is two rules); a blocked rule is never available.
 */
function ruleProblems(r: Required<RuleFields>): FieldError[] {
  const problems: FieldError[] = [];
  if (!TIME.test(r.start_time)) problems.push({ path: 'start_time', message: 'must be HH:MM (00:00-23:59)' });
  if (!TIME.test(r.end_time) && r.end_time !== '24:00')
    problems.push({ path: 'end_time', message: 'must be HH:MM (00:01-24:00)' });
  else if (TIME.test(r.start_time) && minutesOf(r.end_time) <= minutesOf(r.start_time))
    problems.push({ path: 'end_time', message: 'must be after start_time (a span across midnight is two rules)' });
  if (r.specific_date !== null && !realDate(r.specific_date))
    problems.push({ path: 'specific_date', message: 'must be a real date, YYYY-MM-DD' });
  if (r.rule_type === 'weekly') {
    if (r.day_of_week === null)
      problems.push({ path: 'day_of_week', message: 'is required for weekly rules (0 = Sunday … 6 = Saturday)' });
    if (r.specific_date !== null)
      problems.push({ path: 'specific_date', message: 'is only for date_exception and blocked rules' });
  } else if (r.rule_type === 'date_exception') {
    if (r.specific_date === null)
      problems.push({ path: 'specific_date', message: 'is required for date_exception rules' });
    if (r.day_of_week !== null) problems.push({ path: 'day_of_week', message: 'is only for weekly and blocked rules' });
  } else {
    if ((r.day_of_week === null) === (r.specific_date === null))
      problems.push({ path: 'day_of_week', message: 'a blocked rule takes either day_of_week or specific_date' });
    if (r.is_available) problems.push({ path: 'is_available', message: 'a blocked rule is never available' });
  }
  return problems;
}

/** Availability rules of a calendar. */
export class CalendarAvailabilityService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async create(calendarId: number, fields: RuleFields & { rule_type: RuleType; start_time: string; end_time: string }) {
    await this.deps.calendarsService.get(calendarId);
    const merged = {
      day_of_week: null,
      specific_date: null,
      label: null,
      is_available: fields.rule_type !== 'blocked',
      ...withoutUndefined(fields),
    } as Required<RuleFields>;
    check(merged);
    const rule = this.em.create(CalendarRule, { calendarId, ...columns(merged) } as CalendarRule);
    await this.em.flush();
    return rule;
  }

  async update(id: number, fields: RuleFields): Promise<CalendarRule> {
    const rule = await this.get(id);
    requireChanges(fields, 'rule_id');
    const merged = {
      rule_type: rule.ruleType,
      start_time: rule.startTime,
      end_time: rule.endTime,
      day_of_week: rule.dayOfWeek ?? null,
      specific_date: rule.specificDate ?? null,
      label: rule.label ?? null,
      is_available: rule.isAvailable,
      ...withoutUndefined(fields),
    } as Required<RuleFields>;
    check(merged);
    Object.assign(rule, columns(merged));
    await this.em.flush();
    return rule;
  }

  async delete(id: number): Promise<void> {
    this.em.remove(await this.get(id));
    await this.em.flush();
  }

  forCalendar(calendarId: number): Promise<CalendarRule[]> {
    return this.em.find(CalendarRule, { calendarId }, { orderBy: { id: 'asc' } });
  }

  private async get(id: number): Promise<CalendarRule> {
    const rule = await this.em.findOne(CalendarRule, { id });
    if (!rule) throw notFound('rule', id);
    return rule;
  }
}

function check(rule: Required<RuleFields>): void {
  const problems = ruleProblems(rule);
  if (problems.length > 0)
    throw invalidArguments(
      `The ${rule.rule_type} rule is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
      problems,
    );
}

const columns = (r: Required<RuleFields>) => ({
  ruleType: r.rule_type,
  startTime: r.start_time,
  endTime: r.end_time,
  dayOfWeek: r.day_of_week,
  specificDate: r.specific_date,
  label: r.label,
  isAvailable: r.is_available,
});

const withoutUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
