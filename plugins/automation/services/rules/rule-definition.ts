import type { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import type { Definition } from '../definition/definition.js';

/** A rule as the engine runs it: a one-step workflow (its reply, or the assistant's). */
export function ruleDefinition(rule: Pick<AutoReplyRule, 'aiReply' | 'replyText'>): Definition {
  return {
    trigger: { type: 'message_received' },
    steps: [
      rule.aiReply
        ? { id: 'reply', type: 'ai_reply', params: {} }
        : { id: 'reply', type: 'send_message', params: { text: rule.replyText ?? '' } },
    ],
  };
}
