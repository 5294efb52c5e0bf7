import { definePlugin, inBatches } from '../../core/index.js';
import { Conversation } from './entities/conversation.entity.js';
import { ConversationsInit } from './migrations/0001-init.js';
import { ConversationsReadViews } from './migrations/0002-read-views.js';
import { ConversationsShopIndexCovered } from './migrations/0003-shop-index-covered.js';
import { ConversationsService } from './services/conversations-service.js';
import { ConversationActivityService } from './services/conversation-activity-service.js';
import { getRecentConversations } from './tools/get-recent-conversations.js';
import { getConversationMessages } from './tools/get-conversation-messages.js';
import { searchConversations } from './tools/search-conversations.js';
import { markConversationRead } from './tools/mark-conversation-read.js';
import { assignConversation } from './tools/assign-conversation.js';
import { listConversations } from './tools/list-conversations.js';
import { conversationsErrors } from './errors.js';
import { conversationTemplate } from './resources/conversation-template.js';

/**
 * conversations: the inbox over the messaging channel. One conversation per shop, session (line)
 * and customer phone, kept current by whatsapp_ops' message events inside the transaction that
 * stores each message (sends and receipts in batches, one statement each); inbound messages also
 * keep the customer record's last contact. Messages are read through `chatappMessagesService`;
 * assignment uses `agentsService` when agents is enabled. Each change of a conversation is told as
 * conversations.updated or conversations.assigned, which also announce `shop://conversations/{id}`
 * to its subscribers.
 */
export default definePlugin({
  name: 'conversations',
  version: '1.0.0',
  description:
    'Conversations with customers on the messaging channel: recent, list, search, messages, mark read, assign to an agent.',
  kernel: '^1.0.0',
  servicePrefix: 'conversation',
  dependencies: ['whatsapp_ops', 'customers'],
  optionalDependencies: ['agents'],
  entities: [Conversation],
  migrations: [
    { name: '0001-init', class: ConversationsInit },
    { name: '0002-read-views', class: ConversationsReadViews },
    { name: '0003-shop-index-covered', class: ConversationsShopIndexCovered },
  ],
  readViews: {
    conversations_view:
      'One row per shop, line and customer phone: shop_id, id, session_id, phone, unread_count, assigned_agent_id (null: unassigned), last_message_at, created_at.',
  },
  services: {
    conversationsService: ConversationsService,
    conversationActivityService: ConversationActivityService,
  },
  errors: conversationsErrors,
  tools: [
    getRecentConversations,
    getConversationMessages,
    searchConversations,
    markConversationRead,
    assignConversation,
    listConversations,
  ],
  resourceTemplates: [conversationTemplate],
  on: {
    'whatsapp_ops.message_received': inBatches((payloads, { services }) =>
      services.conversationActivityService.messagesReceived(payloads),
    ),
    'whatsapp_ops.message_sent': inBatches((payloads, { services }) =>
      services.conversationActivityService.messagesSent(payloads),
    ),
    'whatsapp_ops.message_status': inBatches((payloads, { services }) =>
      services.conversationActivityService.messageStatuses(payloads),
    ),
    'agents.deleted': (payload, { services }) => services.conversationActivityService.agentDeleted(payload),
  },
});
