import { Type, invalidArguments, TimeOfDayArg, ClosingTimeArg } from '../../../core/index.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export interface TimeRange {
  open: string;
  close: string;
}
/** Every weekday, each with its opening ranges sorted by time; [] is closed all day. */
export type BusinessHours = Record<Weekday, TimeRange[]>;

const range = Type.Object(
  {
    open: TimeOfDayArg(),
    close: ClosingTimeArg(),
  },
  { additionalProperties: false },
);
const day = Type.Array(range, { maxItems: 6 });

export const BUSINESS_HOURS_HELP =
  'Opening hours by weekday, each a list of { open, close } (HH:MM in the shop timezone; close may be 24:00). Replaces the whole week; days left out or empty are closed. A range cannot pass midnight: split it over two days.';

/** The `business_hours` argument: the whole week, in the shop's timezone. */
export const BusinessHoursSchema = Type.Object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, Type.Optional(day)])) as unknown as Record<
    Weekday,
    ReturnType<typeof Type.Optional<typeof day>>
  >,
  { additionalProperties: false },
);

export type BusinessHoursInput = Partial<Record<Weekday, TimeRange[]>>;

/**
 * Sorts each day's ranges and checks what the schema cannot: every range closes after it opens,
 * and no two ranges of a day overlap. All problems are reported at once.
 */
export function checkBusinessHours(input: BusinessHoursInput, field = 'business_hours'): BusinessHours {
  const errors: { path: string; message: string }[] = [];
  const week = {} as BusinessHours;
  for (const weekday of WEEKDAYS) {
    const ranges = [...(input[weekday] ?? [])].sort((a, b) => a.open.localeCompare(b.open));
    ranges.forEach((r, i) => {
      if (r.close <= r.open)
        errors.push({ path: `${field}.${weekday}`, message: `range ${r.open}-${r.close} must close after it opens` });
      else if (i > 0 && r.open < ranges[i - 1].close) {
        errors.push({
          path: `${field}.${weekday}`,
          message: `range ${r.open}-${r.close} overlaps ${ranges[i - 1].open}-${ranges[i - 1].close}`,
        });
      }
    });
    week[weekday] = ranges.map(({ open, close }) => ({ open, close }));
  }
  if (errors.length > 0)
    throw invalidArguments(
      `Invalid business hours: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
      errors,
    );
  return week;
}
