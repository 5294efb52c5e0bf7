import { Type, type TInteger } from 'typebox';

/**
 * One weekday convention for every group (docs/decisions.md): a number is `day_of_week`, 0 = Sunday
 * … 6 = Saturday, as the calendar's availability rules have it; an answer that gives the number
 * gives the name beside it (`day_name`).
 */
export const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayName = (typeof DAY_NAMES)[number];

/** The name of a day_of_week (0 = Sunday). */
export const dayName = (dayOfWeek: number): DayName => DAY_NAMES[((dayOfWeek % 7) + 7) % 7]!;

/** A weekday argument: 0 = Sunday … 6 = Saturday. */
export const DayOfWeekArg = (description = '0 = Sunday … 6 = Saturday.'): TInteger =>
  Type.Integer({ minimum: 0, maximum: 6, description });

/** The number of a weekday in an answer, with `DayNameOutput` beside it. */
export const DayOfWeekOutput = (): TInteger =>
  Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday.' });

/** The name of the weekday an answer gives by number. */
export const DayNameOutput = () => Type.Enum([...DAY_NAMES]);
