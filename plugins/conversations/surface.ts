/** The conversations group as other groups see it: its services and its events. Types only. */
import type { ConversationsService } from './services/conversations-service.js';
import type { ConversationActivityService } from './services/conversation-activity-service.js';

export type { ConversationsService, ConversationActivityService };

/**
 * Fired when a conversation changes: a message in or out was stored in it (once per conversation
 * and batch of messages; the first one creates it), the receipt of its last message arrived, or it
 * was marked read.
 */
export interface ConversationsUpdated {
  conversation_id: number;
  session_id: number;
  phone: string;
  /** messages: new messages; status: the last message's status; read: marked read. */
  change: 'messages' | 'status' | 'read';
}

/** Fired when a conversation's agent changes: assigned, unassigned, or its agent deleted. */
export interface ConversationsAssigned {
  conversation_id: number;
  session_id: number;
  phone: string;
  /** null: unassigned. */
  agent_id: number | null;
  previous_agent_id: number | null;
}

declare module '../../core/index.js' {
  interface GroupServices {
    conversationsService: ConversationsService;
    conversationActivityService: ConversationActivityService;
  }
  interface EventMap {
    'conversations.updated': ConversationsUpdated;
    'conversations.assigned': ConversationsAssigned;
  }
}
