import { foldAccents } from '../../../../core/index.js';
import type { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import type { RuleType } from '../../entities/values.js';
import { hasKeyword } from '../definition/text-match.js';

/** A message after this much silence opens a conversation (welcome rules; conversation_opened's default). */
export const CONVERSATION_GAP_HOURS = 24;

/** Which rule answers when several match the same message: priority first, then this order. */
const TYPE_ORDER: RuleType[] = ['keyword', 'welcome', 'away', 'ai_reply'];

export interface MessageSituation {
  text: string;
  sessionId: number | null;
  /** No other message from the customer in the 24 hours before this one. */
  firstOfConversation: boolean;
  /** Inside the shop's business hours. */
  open: boolean;
}

/** Whether a keyword rule's keywords match the text by its match mode (case and accents ignored). */
export function keywordsMatch(rule: Pick<AutoReplyRule, 'keywords' | 'match'>, text: string): boolean {
  const folded = foldAccents(text).trim();
  return rule.keywords.some((k) => {
    const keyword = foldAccents(k).trim();
    switch (rule.match) {
      case 'exact':
        return folded === keyword;
      case 'contains':
        return folded.includes(keyword);
      case 'starts_with':
        return folded.startsWith(keyword);
      case 'word':
        return hasKeyword(text, k);
    }
  });
}

export function ruleMatches(rule: AutoReplyRule, message: MessageSituation): boolean {
  if (rule.sessionIds.length > 0 && (message.sessionId === null || !rule.sessionIds.includes(message.sessionId)))
    return false;
  if (rule.when === 'inside_hours' && !message.open) return false;
  if (rule.when === 'outside_hours' && message.open) return false;
  switch (rule.type) {
    case 'keyword':
      return keywordsMatch(rule, message.text);
    case 'welcome':
      return message.firstOfConversation;
    case 'away':
    case 'ai_reply':
      return true;
  }
  return false;
}

/** The rules that match a message, the one that should answer first (the next one answers when it is in its cooldown). */
export function matchingRules(rules: AutoReplyRule[], message: MessageSituation): AutoReplyRule[] {
  return rules
    .filter((r) => r.enabled && ruleMatches(r, message))
    .sort((a, b) => b.priority - a.priority || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.id - b.id);
}
