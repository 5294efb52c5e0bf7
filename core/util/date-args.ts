import { Type, type TString } from 'typebox';
import { MONEY_MESSAGE, MONEY_PATTERN } from './money-args.js';

/**
 * The date and time arguments every tool takes, one shape each (docs/decisions.md, "One
 * vocabulary"). The pattern is what the kernel checks first (clients are shown PUBLISHED_FORMS); the
 * handler then reads the value with parseShopTime / parseShopDay / parseLocalDate, which also refuse
 * dates that do not exist. Each pattern has the one message a refused value gets, saying what to send.
 */

const TIME = '[Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?([Zz]|[+-]\\d{2}:?\\d{2})?';

/** `YYYY-MM-DD HH:MM[:SS]`, or ISO 8601 with `T`, with or without an offset. */
export const DATE_TIME_PATTERN = `^\\d{4}-\\d{2}-\\d{2}${TIME}$`;
/** A range bound: a date and time as above, or a bare date (the whole day). */
export const RANGE_BOUND_PATTERN = `^\\d{4}-\\d{2}-\\d{2}(${TIME})?$`;
/** A calendar date, `YYYY-MM-DD`, nothing else. */
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
/** A time of day on a 24-hour clock, `HH:MM`. */
export const TIME_OF_DAY_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
/** The end of an opening: a time of day, or `24:00` for midnight at the end of the day. */
export const CLOSING_TIME_PATTERN = '^(([01]\\d|2[0-3]):[0-5]\\d|24:00)$';

export const DATE_TIME_MESSAGE =
  "must be a date and time: YYYY-MM-DD HH:MM[:SS] (the shop's timezone) or ISO 8601 such as 2026-12-01T09:30:00+01:00";
export const RANGE_BOUND_MESSAGE =
  "must be a date (YYYY-MM-DD, the whole day in the shop's timezone) or a date and time (YYYY-MM-DD HH:MM[:SS] or ISO 8601 such as 2026-12-01T09:30:00+01:00)";
export const DATE_MESSAGE = 'must be a date only: YYYY-MM-DD, such as 2026-12-02 (no time)';
export const TIME_OF_DAY_MESSAGE = 'must be a time of day: HH:MM on a 24-hour clock, such as 09:30';
export const CLOSING_TIME_MESSAGE =
  'must be a time of day: HH:MM on a 24-hour clock, such as 18:30, or 24:00 for the end of the day';

/** What a value refused by one of the patterns above is told: pattern → message. */
export const VOCABULARY_MESSAGES: ReadonlyMap<string, string> = new Map([
  [DATE_TIME_PATTERN, DATE_TIME_MESSAGE],
  [RANGE_BOUND_PATTERN, RANGE_BOUND_MESSAGE],
  [DATE_PATTERN, DATE_MESSAGE],
  [TIME_OF_DAY_PATTERN, TIME_OF_DAY_MESSAGE],
  [CLOSING_TIME_PATTERN, CLOSING_TIME_MESSAGE],
  [MONEY_PATTERN, MONEY_MESSAGE],
]);

/**
 * How tools/list shows a model each shared pattern (core/tools/published-input.ts): a standard
 * format where one means the same, else the notation in a few words of the argument's description,
 * left out where the description already writes it (`notation`). The regexes cost 20 to 65 tokens
 * each, some 4,400 over the tools, and read worse to a model than the notation does. That a time
 * without an offset is the shop's, and that a bare date bound means the whole day, is said once in
 * the initialize instructions (TIME_CONVENTIONS), not in each of some 55 arguments. The hints keep
 * the notation, so a client that shows a model tools without the instructions still shows what to send.
 */
export const PUBLISHED_FORMS: ReadonlyMap<string, { format: string } | { hint: string; notation: string }> = new Map([
  [DATE_TIME_PATTERN, { hint: 'ISO 8601 date-time.', notation: 'YYYY-MM-DD' }],
  [RANGE_BOUND_PATTERN, { hint: 'ISO 8601 date or date-time.', notation: 'YYYY-MM-DD' }],
  [DATE_PATTERN, { format: 'date' }],
  [TIME_OF_DAY_PATTERN, { hint: 'HH:MM, 24-hour clock.', notation: 'HH:MM' }],
  [CLOSING_TIME_PATTERN, { hint: 'HH:MM; 24:00 ends the day.', notation: '24:00' }],
  [MONEY_PATTERN, { hint: 'A decimal string.', notation: 'decimal string' }],
]);

/** The conventions of the shared date and time types, as the initialize instructions state them. */
export const TIME_CONVENTIONS =
  "Dates and times: a date is YYYY-MM-DD; a date-time is ISO 8601, and one without an offset (2026-12-02 09:30) is the shop's local time; a range bound given as a bare date covers that whole day; times of day are HH:MM on a 24-hour clock.";

const withDescription = (description: string | undefined) => (description === undefined ? {} : { description });

/** A moment: read on the shop's wall clock unless it carries an offset (`parseShopTime`). */
export const DateTimeArg = (description?: string): TString =>
  Type.String({ pattern: DATE_TIME_PATTERN, maxLength: 40, ...withDescription(description) });

/**
 * A bound of a range (`date_from`, `date_to`, `since`…): a moment, or a bare date meaning the start
 * or the end of that day in the shop's timezone (`parseShopDay`).
 */
export const RangeBoundArg = (description?: string): TString =>
  Type.String({ pattern: RANGE_BOUND_PATTERN, maxLength: 40, ...withDescription(description) });

/** A calendar date without a time (`parseLocalDate`). */
export const DateArg = (description?: string): TString =>
  Type.String({ pattern: DATE_PATTERN, ...withDescription(description) });

/** A time of day, `HH:MM`. */
export const TimeOfDayArg = (description?: string): TString =>
  Type.String({ pattern: TIME_OF_DAY_PATTERN, ...withDescription(description) });

/** Where an opening ends: `HH:MM`, or `24:00` for the end of the day. */
export const ClosingTimeArg = (description?: string): TString =>
  Type.String({ pattern: CLOSING_TIME_PATTERN, ...withDescription(description) });
