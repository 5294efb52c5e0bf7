import type { Direction, MessageStatus } from '../entities/conversation.entity.js';
import type { MessageReceived, MessageSent, MessageStatusChanged } from './message-events.js';
import { messagePreview } from './message-preview.js';

/** What one message (or a batch's messages) does to one conversation. */
export interface Activity {
  sessionId: number;
  phone: string;
  at: Date;
  preview: string;
  direction: Direction;
  messageId: number;
  status: MessageStatus;
  /** Added to the unread count. */
  unread: number;
  /** Set when a person answered: the unread count clears and the conversation counts as read from then. */
  readAt: Date | null;
}

/**
 * A batch of sends as one activity per conversation, ordered by conversation (one statement may
 * touch a row only once, and concurrent batches lock rows in the same order). The last message is
 * the newest one, a later one of the batch winning a tie as it would one event at a time; a
 * message a person sent clears the unread count, at the latest such message; automatic messages
 * leave it alone.
 */
export function sentActivities(events: MessageSent[]): Activity[] {
  const byConversation = new Map<string, Activity>();
  for (const e of events) {
    const at = new Date(e.sent_at);
    const own: Activity = {
      sessionId: e.session_id,
      phone: e.phone,
      at,
      preview: messagePreview(e.text, e.media),
      direction: 'outbound',
      messageId: e.message_id,
      status: 'sent',
      unread: 0,
      readAt: e.automatic ? null : at,
    };
    const key = `${e.session_id}\n${e.phone}`;
    const earlier = byConversation.get(key);
    byConversation.set(
      key,
      earlier ? { ...(own.at >= earlier.at ? own : earlier), readAt: latest(earlier.readAt, own.readAt) } : own,
    );
  }
  return byConversationOrder(byConversation);
}

/**
 * A batch of inbound messages as one activity per conversation, ordered by conversation: every
 * message counts as unread, the newest is the last message (a later one of the batch winning a tie).
 */
export function receivedActivities(events: MessageReceived[]): Activity[] {
  const byConversation = new Map<string, Activity>();
  for (const e of events) {
    const own: Activity = {
      sessionId: e.session_id,
      phone: e.phone,
      at: new Date(e.received_at),
      preview: messagePreview(e.text, e.media),
      direction: 'inbound',
      messageId: e.message_id,
      status: 'received',
      unread: 1,
      readAt: null,
    };
    const key = `${e.session_id}\n${e.phone}`;
    const earlier = byConversation.get(key);
    byConversation.set(key, earlier ? { ...(own.at >= earlier.at ? own : earlier), unread: earlier.unread + 1 } : own);
  }
  return byConversationOrder(byConversation);
}

const byConversationOrder = (activities: Map<string, Activity>) =>
  [...activities.values()].sort(
    (a, b) => a.sessionId - b.sessionId || (a.phone < b.phone ? -1 : a.phone > b.phone ? 1 : 0),
  );

/** The last status of each message in a batch of receipts: whatsapp_ops only ever moves one forward. */
export function lastStatuses(events: MessageStatusChanged[]): MessageStatusChanged[] {
  return [...new Map(events.map((e) => [e.message_id, e])).values()];
}

const latest = (a: Date | null, b: Date | null) => (a && b ? (a >= b ? a : b) : (a ?? b));
