import { Type, Nullable, DateTime } from '../../../core/index.js';
import { DIRECTIONS, MESSAGE_STATUSES } from '../entities/conversation.entity.js';

export const ConversationOutput = Type.Object(
  {
    id: Type.Integer(),
    session_id: Type.Integer(),
    phone: Type.String(),
    customer: Nullable(
      Type.Object(
        { id: Type.Integer(), name: Nullable(Type.String()), tags: Type.Array(Type.String()) },
        {
          additionalProperties: false,
          description: 'The customer behind the phone, when the customers group has one.',
        },
      ),
    ),
    unread_count: Type.Integer(),
    last_message_at: DateTime(),
    last_message_preview: Type.String(),
    last_direction: Type.Enum([...DIRECTIONS]),
    last_message_status: Type.Enum([...MESSAGE_STATUSES]),
    last_message_id: Type.Integer(),
    assigned_agent_id: Nullable(Type.Integer()),
    read_at: Nullable(DateTime()),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);

/** mark_conversation_read and assign_conversation: every conversation the phone (and line) named. */
export const AddressedFields = {
  conversations: Type.Array(ConversationOutput),
  count: Type.Integer(),
};
