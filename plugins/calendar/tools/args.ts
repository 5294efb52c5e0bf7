import { Type } from '../../../core/index.js';
import {
  AGENT_ROLES,
  EVENT_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  RULE_TYPES,
} from '../entities/values.js';

const id = (what: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: `${what} id.` });

export const calendarIdArg = id('Calendar');
export const serviceIdArg = id('Service');
export const eventIdArg = id('Event');
export const ruleIdArg = id('Availability rule');
export const notificationIdArg = id('Notification');
export const agentIdArg = id('Agent');

export const dateTimeArg = (description: string) =>
  Type.String({
    minLength: 10,
    maxLength: 40,
    description: `${description}: YYYY-MM-DD HH:MM:SS on the calendar's clock (its timezone), or ISO 8601 with an offset.`,
  });
export const dateArg = (description: string) =>
  Type.String({ minLength: 10, maxLength: 40, description: `${description}: YYYY-MM-DD (the calendar's local date).` });
export const phoneArg = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 40,
    description: `${description}, with international prefix (+34600111222).`,
  });

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
  is_default: Type.Optional(
    Type.Boolean({ description: "The calendar create_calendar_event writes to; the shop's first calendar is it." }),
  ),
};

export const ruleTypeArg = Type.Enum([...RULE_TYPES], {
  description:
    'weekly (a weekday, needs day_of_week), date_exception (one date, needs specific_date), blocked (a period closed on a weekday or date).',
});
export const timeArg = (description: string) =>
  Type.String({ minLength: 5, maxLength: 5, description: `${description}, HH:MM on the calendar's clock.` });
export const ruleFieldArgs = {
  day_of_week: Type.Optional(Type.Integer({ minimum: 0, maximum: 6, description: '0 = Sunday … 6 = Saturday.' })),
  specific_date: Type.Optional(Type.String({ minLength: 10, maxLength: 10, description: 'YYYY-MM-DD.' })),
  label: Type.Optional(Type.String({ maxLength: 120 })),
  is_available: Type.Optional(
    Type.Boolean({
      description:
        'weekly and date_exception: true (default) opens these hours, false closes them; a date_exception that opens replaces that weekday’s hours.',
    }),
  ),
};

export const serviceFieldArgs = {
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  buffer_before_minutes: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 240, description: 'Kept free before; default 0.' }),
  ),
  buffer_after_minutes: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 240, description: 'Kept free after; default 0.' }),
  ),
  max_concurrent: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1000, description: 'Bookings of this service at one time; default 1.' }),
  ),
  price: Type.Optional(Type.String({ minLength: 1, maxLength: 20, description: 'A decimal such as 25.00.' })),
  currency: Type.Optional(
    Type.String({ minLength: 3, maxLength: 3, description: "ISO 4217 code (EUR); default the shop's currency." }),
  ),
  requires_confirmation: Type.Optional(
    Type.Boolean({ description: 'true: bookings wait as pending until confirm_calendar_event; default false.' }),
  ),
};
export const durationArg = Type.Integer({
  minimum: 5,
  maximum: 720,
  description: 'Length of an appointment, 5-720 minutes.',
});
export const serviceNameArg = Type.String({ minLength: 1, maxLength: 120 });

export const notificationTypeArg = Type.Enum([...NOTIFICATION_TYPES], {
  description:
    'confirmation (when an event is confirmed), reminder (timing_minutes before the start), cancellation (when cancelled), follow_up (timing_minutes after an attended event ends), no_show (after a no-show).',
});
export const channelArg = Type.Enum([...NOTIFICATION_CHANNELS], {
  description: 'whatsapp: the messaging channel (the value is "whatsapp" exactly); email; both.',
});
export const timingArg = Type.Integer({
  minimum: 0,
  maximum: 43_200,
  description: 'Minutes before the start (reminder) or after the change or the end (the other types); 0 = at once.',
});
export const templateArg = Type.String({
  minLength: 1,
  maxLength: 4096,
  description:
    'The message. Variables: {nombre} {telefono} {tienda} {fecha} {hora} {servicio} {calendario} {agente} {precio} {reprogramada}.',
});

export const roleArg = Type.Enum([...AGENT_ROLES], {
  description: 'owner and can_book agents take bookings; view_only agents cannot be given events.',
});
export const statusArg = Type.Enum([...EVENT_STATUSES]);
