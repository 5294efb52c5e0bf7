import { Type, Nullable, DateTime } from '../../../core/index.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../entities/ticket.entity.js';
import { TICKET_NOTE_KINDS } from '../entities/ticket-note.entity.js';
import { FOLLOWUP_STATUSES } from '../entities/ticket-followup.entity.js';

const ticketFields = {
  id: Type.Integer(),
  title: Type.String(),
  description: Nullable(Type.String()),
  priority: Type.Enum([...TICKET_PRIORITIES]),
  category: Nullable(Type.String()),
  status: Type.Enum([...TICKET_STATUSES]),
  phone: Nullable(Type.String()),
  customer_email: Nullable(Type.String()),
  customer_id: Nullable(Type.Integer()),
  assigned_agent_id: Nullable(Type.Integer()),
  created_at: DateTime(),
  updated_at: DateTime(),
  resolved_at: Nullable(DateTime()),
  closed_at: Nullable(DateTime()),
};

export const TicketOutput = Type.Object(ticketFields, { additionalProperties: false });

export const NoteOutput = Type.Object(
  { id: Type.Integer(), kind: Type.Enum([...TICKET_NOTE_KINDS]), body: Type.String(), created_at: DateTime() },
  { additionalProperties: false },
);

export const FollowupOutput = Type.Object(
  {
    id: Type.Integer(),
    ticket_id: Type.Integer(),
    status: Type.Enum([...FOLLOWUP_STATUSES]),
    message: Type.String({ description: 'What the customer is (or was) sent.' }),
    composed_by: Type.String(),
    resolve_after_notify: Type.Boolean(),
    phone: Nullable(Type.String()),
    customer_email: Nullable(Type.String()),
    status_reason: Nullable(Type.String()),
    created_at: DateTime(),
    sent_at: Nullable(DateTime()),
  },
  { additionalProperties: false },
);

export const TicketDetailOutput = Type.Object(
  { ...ticketFields, notes: Type.Array(NoteOutput), followups: Type.Array(FollowupOutput) },
  { additionalProperties: false },
);

/** assign, close, reopen and update answer with the ticket as it is now. */
export const TicketResult = Type.Object({ ticket: TicketOutput });
