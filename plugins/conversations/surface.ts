/** The conversations group as other groups see it. Types only. */
import type { ConversationsService } from './services/conversations-service.js';
import type { ConversationActivityService } from './services/conversation-activity-service.js';

export type { ConversationsService, ConversationActivityService };

declare module '../../core/index.js' {
  interface GroupServices {
    conversationsService: ConversationsService;
    conversationActivityService: ConversationActivityService;
  }
}
