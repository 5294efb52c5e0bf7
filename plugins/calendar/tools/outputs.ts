import { DateTime, Nullable, Type } from '../../../core/index.js';
import {
  AGENT_ROLES,
  DELIVERY_STATUSES,
  EVENT_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  RULE_TYPES,
} from '../entities/values.js';

const closed = { additionalProperties: false } as const;
const Local = (what: string) => Type.String({ description: `${what}, YYYY-MM-DD HH:MM:SS on the calendar's clock` });

const calendarFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  timezone: Type.String(),
  slot_interval_minutes: Nullable(Type.Integer({ description: "null: slots step by the service's duration" })),
  min_notice_minutes: Type.Integer(),
  max_advance_days: Type.Integer(),
  is_active: Type.Boolean(),
  is_default: Type.Boolean({ description: 'create_calendar_event writes to the default calendar' }),
  created_at: DateTime(),
  updated_at: DateTime(),
};
export const CalendarOutput = Type.Object(calendarFields, closed);

export const RuleOutput = Type.Object(
  {
    id: Type.Integer(),
    calendar_id: Type.Integer(),
    rule_type: Type.Enum([...RULE_TYPES]),
    day_of_week: Nullable(Type.Integer({ description: '0 = Sunday … 6 = Saturday' })),
    specific_date: Nullable(Type.String()),
    start_time: Type.String(),
    end_time: Type.String(),
    label: Nullable(Type.String()),
    is_available: Type.Boolean(),
  },
  closed,
);

export const ServiceOutput = Type.Object(
  {
    id: Type.Integer(),
    calendar_id: Type.Integer(),
    name: Type.String(),
    description: Nullable(Type.String()),
    duration_minutes: Type.Integer(),
    buffer_before_minutes: Type.Integer(),
    buffer_after_minutes: Type.Integer(),
    max_concurrent: Type.Integer(),
    price: Nullable(Type.String()),
    currency: Type.String(),
    requires_confirmation: Type.Boolean(),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  closed,
);

export const NotificationOutput = Type.Object(
  {
    id: Type.Integer(),
    calendar_id: Type.Integer(),
    notification_type: Type.Enum([...NOTIFICATION_TYPES]),
    channel: Type.Enum([...NOTIFICATION_CHANNELS]),
    timing_minutes: Type.Integer(),
    template_text: Type.String(),
    is_enabled: Type.Boolean(),
  },
  closed,
);

export const CalendarAgentOutput = Type.Object(
  { calendar_id: Type.Integer(), agent_id: Type.Integer(), role: Type.Enum([...AGENT_ROLES]) },
  closed,
);

export const CalendarDetailOutput = Type.Object(
  {
    ...calendarFields,
    availability: Type.Array(RuleOutput),
    services: Type.Array(ServiceOutput),
    notifications: Type.Array(NotificationOutput),
    agents: Type.Array(CalendarAgentOutput),
  },
  closed,
);

const eventFields = {
  id: Type.Integer(),
  calendar_id: Type.Integer(),
  service_id: Nullable(Type.Integer()),
  service_name: Nullable(Type.String()),
  title: Type.String(),
  description: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  customer_name: Nullable(Type.String()),
  customer_email: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  assigned_agent_id: Nullable(Type.Integer()),
  status: Type.Enum([...EVENT_STATUSES]),
  all_day: Type.Integer({ description: '0 or 1' }),
  start_datetime: Local('Start'),
  end_datetime: Local('End'),
  start_utc: DateTime(),
  end_utc: DateTime(),
  timezone: Type.String(),
  price: Nullable(Type.String()),
  currency: Nullable(Type.String()),
  cancel_reason: Nullable(Type.String()),
  created_at: DateTime(),
  updated_at: DateTime(),
};
export const EventOutput = Type.Object(eventFields, closed);

export const DeliveryOutput = Type.Object(
  {
    id: Type.Integer(),
    notification_id: Nullable(Type.Integer()),
    notification_type: Type.Enum([...NOTIFICATION_TYPES]),
    channel: Type.String(),
    due_at: DateTime(),
    status: Type.Enum([...DELIVERY_STATUSES]),
    attempts: Type.Integer(),
    message_id: Nullable(Type.Integer({ description: 'the messaging channel’s message (whatsapp, both)' })),
    email_message_id: Nullable(
      Type.Integer({
        description: 'the mail queued in the email group (email, both): get_email_thread shows its status',
      }),
    ),
    reason: Nullable(Type.String({ description: 'why it failed, was skipped or was cancelled' })),
    sent_at: Nullable(DateTime()),
  },
  closed,
);

export const EventDetailOutput = Type.Object(
  {
    ...eventFields,
    deliveries: Type.Array(DeliveryOutput),
    ics_uid: Type.String(),
    ics_sequence: Type.Integer(),
  },
  closed,
);

export const SlotOutput = Type.Object(
  {
    start: Local('Start'),
    end: Local('End'),
    start_utc: DateTime(),
    end_utc: DateTime(),
    remaining_capacity: Type.Integer(),
    agent_ids: Type.Array(Type.Integer(), {
      description: 'bookable agents free then; empty when the calendar has none',
    }),
  },
  closed,
);

export const EventResult = Type.Object({ event: EventOutput });
export const Deleted = Type.Object({ deleted: Type.Boolean(), id: Type.Integer() });
