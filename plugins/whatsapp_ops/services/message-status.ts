import type { MessageStatus } from '../entities/values.js';

const RANK: Record<Exclude<MessageStatus, 'received' | 'failed'>, number> = {
  sending: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * The status a message moves to when `next` is reported, or null to keep it. Statuses only move
 * forward (sending < sent < delivered < read); failed is final, and only a message the network has
 * not delivered yet can fail. Receipts may arrive out of order after a redelivery.
 */
export function advanceStatus(current: MessageStatus, next: MessageStatus): MessageStatus | null {
  if (current === 'failed' || current === 'received' || next === 'received' || next === 'sending') return null;
  if (next === 'failed') return current === 'sending' || current === 'sent' ? 'failed' : null;
  return RANK[next] > RANK[current] ? next : null;
}
