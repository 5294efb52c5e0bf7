import { Nullable, Type, TimeOfDayArg } from '../../../core/index.js';
import { ROUTING_ROLES } from '../../whatsapp_ops/surface.js';
import { FOLLOWUP_STATUSES, FOLLOWUP_TYPES } from '../entities/values.js';

/** Argument and output schemas the follow-up tools share. */
/** A customer's phone: its name and the initialize instructions (E.164) say what it is, unless a tool says more. */
export const phoneArg = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 40, ...(description !== undefined && { description }) });

export const followupIdArg = Type.Integer({ minimum: 1 });
export const typeArg = (description?: string) =>
  Type.Enum(FOLLOWUP_TYPES, { ...(description !== undefined && { description }) });
export const statusArg = Type.Enum(FOLLOWUP_STATUSES);
export const hhmm = TimeOfDayArg('HH:MM in the shop’s timezone.');
export const senderRoleArg = Type.Enum(ROUTING_ROLES, {
  description: 'Which of the shop’s lines sends (by routing role).',
});

export const ReferenceSchema = Type.Object(
  {
    kind: Type.Enum(['quote', 'cart']),
    id: Type.String({ minLength: 1, maxLength: 100 }),
    url: Type.Optional(Type.String({ format: 'uri', maxLength: 2000 })),
    total: Type.Optional(Type.Number({ minimum: 0 })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
);

export const TimingOutput = Type.Object({
  method: Type.String(),
  chosen_at: Type.String(),
  reason: Type.String(),
  histogram_samples: Type.Integer(),
});

export const FollowupOutput = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  session_id: Nullable(Type.Integer()),
  type: Type.String(),
  reference: Nullable(Type.Object({}, { additionalProperties: true })),
  status: Type.String(),
  attempt: Type.Integer(),
  max_attempts: Type.Integer(),
  due_at: Type.String(),
  expires_at: Type.String(),
  message: Nullable(Type.String()),
  timing: TimingOutput,
  skip_reason: Nullable(Type.String()),
  failure_code: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  cancel_reason: Nullable(Type.String()),
  created_at: Type.String(),
  stopped_at: Nullable(Type.String()),
});

export const SettingsOutput = Type.Object({
  type: Type.String(),
  enabled: Type.Boolean(),
  first_delay_minutes: Type.Integer(),
  max_attempts: Type.Integer(),
  min_gap_hours: Type.Integer(),
  max_age_days: Type.Integer(),
  quiet_hours: Type.Object({ from: Type.String(), to: Type.String() }),
  respect_business_hours: Type.Boolean(),
  timing_mode: Type.String(),
  template: Type.String(),
  sender_role: Type.String(),
});

export const EligibilityOutput = Type.Object(
  {},
  { additionalProperties: true, description: 'As check_chatapp_contact_eligibility, for billing source followup.' },
);
