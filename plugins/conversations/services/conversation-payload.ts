import type { Conversation } from '../entities/conversation.entity.js';

/** Who the customer behind a conversation is, when the customers group knows the phone. */
export interface CustomerSummary {
  id: number;
  name: string | null;
  tags: string[];
}

export const conversationPayload = (c: Conversation, customer: CustomerSummary | null) => ({
  id: c.id,
  session_id: c.sessionId,
  phone: c.phone,
  customer,
  unread_count: c.unreadCount,
  last_message_at: c.lastMessageAt.toISOString(),
  last_message_preview: c.lastMessagePreview,
  last_direction: c.lastDirection,
  last_message_status: c.lastMessageStatus,
  last_message_id: c.lastMessageId,
  assigned_agent_id: c.assignedAgentId ?? null,
  read_at: c.readAt ? c.readAt.toISOString() : null,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export type ConversationPayload = ReturnType<typeof conversationPayload>;
