import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES, SUPPORT_STATUSES } from './values.js';

/** A shop's request to the platform's operator; the thread is in support_messages. */
export const SupportTicket = defineEntity({
  name: 'SupportTicket',
  tableName: 'support_tickets',
  indexes: [{ properties: ['status', 'resolvedAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    subject: p.string().length(200),
    category: p.enum(SUPPORT_CATEGORIES),
    priority: p.enum(SUPPORT_PRIORITIES),
    status: p.enum(SUPPORT_STATUSES),
    /** The diagnostics snapshot the shop agreed to attach, exactly as get_support_diagnostics showed it. */
    diagnostics: p.json<Record<string, unknown>>().nullable(),
    rating: p.integer().nullable(),
    ratingComment: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    resolvedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
  },
});
export type SupportTicket = InferEntity<typeof SupportTicket>;
