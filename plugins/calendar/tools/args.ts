import { DateArg, DayOfWeekArg, RangeBoundArg, Type, TimeOfDayArg, ClosingTimeArg } from '../../../core/index.js';
import {
  AGENT_ROLES,
  EVENT_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  RULE_TYPES,
} from '../entities/values.js';

// A record's id: its name says which record, so it carries no description.
const id = () => Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const calendarIdArg = id();
export const serviceIdArg = id();
export const eventIdArg = id();
export const ruleIdArg = id();
export const notificationIdArg = id();
export const agentIdArg = id();

/** A start or end: a time on the calendar's clock (unless it has an offset), or a bare date for all-day events. */
export const dateTimeArg = (description: string) =>
  RangeBoundArg(`${description} in the calendar's timezone; a date for all-day.`);
export const dateArg = (description: string) => DateArg(`${description} (the calendar's local date).`);
/** A customer's phone: its name and the initialize instructions (E.164) say what it is. */
export const phoneArg = () => Type.String({ minLength: 1, maxLength: 40 });

export const calendarFieldArgs = {
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  timezone: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "IANA timezone (Europe/Madrid); default the shop's." }),
  ),
  slot_interval_minutes: Type.Optional(
    Type.Integer({
      minimum: 5,
      maximum: 720,
      description: "Minutes between slot starts; default the service's duration.",
    }),
  ),
  min_notice_minutes: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 525_600,
      description: 'No slot starts sooner than this from now; default 120.',
    }),
  ),
  max_advance_days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 730, description: 'No slot starts later than this from now; default 60.' }),
  ),
  is_active: Type.Optional(
    Type.Boolean({ description: 'An inactive calendar offers no slots and takes no bookings.' }),
  ),
  is_default: Type.Optional(Type.Boolean({ description: 'The calendar create_calendar_event writes to.' })),
};

export const ruleTypeArg = Type.Enum([...RULE_TYPES], {
  description: 'weekly needs day_of_week; date_exception needs specific_date; blocked needs either.',
});
export const timeArg = (description: string) => TimeOfDayArg(`${description}, HH:MM on the calendar's clock.`);
export const closingTimeArg = (description: string) =>
  ClosingTimeArg(`${description}, HH:MM on the calendar's clock; 24:00 is the end of the day.`);
export const ruleFieldArgs = {
  day_of_week: Type.Optional(DayOfWeekArg()),
  specific_date: Type.Optional(DateArg()),
  label: Type.Optional(Type.String({ maxLength: 120 })),
  is_available: Type.Optional(
    Type.Boolean({
      description: 'false closes these hours instead of opening them.',
    }),
  ),
};

export const serviceFieldArgs = {
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  buffer_before_minutes: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 240, description: 'Minutes kept free before.' }),
  ),
  buffer_after_minutes: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 240, description: 'Minutes kept free after.' }),
  ),
  max_concurrent: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: 'Bookings of this service at one time.' }),
  ),
  price: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'A decimal such as 25.00.' })),
  currency: Type.Optional(
    Type.String({ minLength: 3, maxLength: 3, description: "ISO 4217 code; default the shop's." }),
  ),
  requires_confirmation: Type.Optional(
    Type.Boolean({ description: 'Bookings wait as pending until confirm_calendar_event.' }),
  ),
};
export const durationArg = Type.Integer({
  minimum: 5,
  maximum: 720,
  description: 'Length of an appointment in minutes.',
});
export const serviceNameArg = Type.String({ minLength: 1, maxLength: 120 });

export const notificationTypeArg = Type.Enum([...NOTIFICATION_TYPES], {
  description: 'reminder: before the start; follow_up: after an attended event.',
});
export const channelArg = Type.Enum([...NOTIFICATION_CHANNELS], {
  description: 'whatsapp is the messaging channel.',
});
export const timingArg = Type.Integer({
  minimum: 0,
  maximum: 43_200,
  description: 'Minutes before the start (reminder) or after the event (others); 0 = at once.',
});
export const templateArg = Type.String({
  minLength: 1,
  maxLength: 4096,
  description:
    'The message; variables {nombre} {telefono} {tienda} {fecha} {hora} {servicio} {calendario} {agente} {precio} {reprogramada}.',
});

export const roleArg = Type.Enum([...AGENT_ROLES], {
  description: 'owner and can_book take bookings; view_only only sees.',
});
export const statusArg = Type.Enum([...EVENT_STATUSES]);
