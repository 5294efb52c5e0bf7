import cron from 'node-cron';
import { invalidArguments } from '../../../../core/index.js';

/**
 * A recurring campaign's cron expression (five fields, or six with seconds), checked with
 * node-cron's own validator so that what is accepted is exactly what the engine can follow. The
 * error names each field that is wrong.
 */
export function checkCron(expression: string): string {
  const value = expression.trim().replace(/\s+/g, ' ');
  const check = cron.validateDetailed(value);
  if (!check.valid) {
    const problems = check.errors.map((e) => (e.field === 'expression' ? e.message : `${e.field}: ${e.message}`));
    throw invalidArguments(
      `recurring_cron "${expression}" is not a valid cron expression (minute hour day-of-month month day-of-week, optionally seconds first): ${problems.join('; ')}.`,
      [{ path: 'recurring_cron', message: problems.join('; ') }],
    );
  }
  return value;
}

interface TimeMatcher {
  getNextMatch(date: Date): Date;
}

/**
 * The next occurrences of `expression` on the shop's wall clock, strictly after `after` (default
 * now). node-cron's public getNextRuns only walks from now; its task's matcher (node-cron 4, pinned
 * in package.json) walks from any instant, which a campaign scheduled for later needs.
 */
export function nextOccurrences(expression: string, timeZone: string, count: number, after: Date = new Date()): Date[] {
  const task = cron.createTask(expression, () => undefined, { timezone: timeZone });
  try {
    const matcher = (task as unknown as { timeMatcher: TimeMatcher }).timeMatcher;
    const out: Date[] = [];
    let from = after;
    while (out.length < count) {
      from = matcher.getNextMatch(from);
      out.push(from);
    }
    return out;
  } finally {
    void task.destroy();
  }
}

/** The first occurrence strictly after `after` (default now). */
export const nextOccurrence = (expression: string, timeZone: string, after?: Date): Date =>
  nextOccurrences(expression, timeZone, 1, after)[0]!;
