import { stateTable } from '../../../core/index.js';
import type { SupportStatus } from '../entities/values.js';

/** What each side may do from each status; a closed ticket takes nothing more. */
export const supportStatus = stateTable<SupportStatus, 'reply' | 'close' | 'answer' | 'resolve'>({
  record: 'Support ticket',
  allowedFrom: {
    reply: ['open', 'awaiting_support', 'awaiting_customer', 'resolved'],
    close: ['open', 'awaiting_support', 'awaiting_customer', 'resolved'],
    answer: ['open', 'awaiting_support', 'awaiting_customer', 'resolved'],
    resolve: ['open', 'awaiting_support', 'awaiting_customer'],
  },
  done: { reply: 'replied to', close: 'closed', answer: 'answered', resolve: 'resolved' },
  final: ['closed'],
});
