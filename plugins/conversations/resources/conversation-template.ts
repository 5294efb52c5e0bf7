import { completeIds, defineResourceTemplate, templateId } from '../../../core/index.js';
import { Conversation } from '../entities/conversation.entity.js';

export const conversationTemplate = defineResourceTemplate({
  uriTemplate: 'shop://conversations/{id}',
  name: 'Conversation',
  description:
    'One conversation (a customer on one line) with its 20 latest messages, newest first: unread count, assigned agent, the customer. id is the conversation id list_conversations shows, and completes to recent conversations.',
  mimeType: 'application/json',
  read: async ({ id }, { services }) => services.conversationsService.detail(templateId(id!, 'conversation')),
  complete: { id: (typed, { em }) => completeIds(em, Conversation, typed) },
  changedBy: {
    'conversations.updated': (e) => ({ id: e.conversation_id }),
    'conversations.assigned': (e) => ({ id: e.conversation_id }),
  },
});
