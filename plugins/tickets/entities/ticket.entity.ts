import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const TICKET_STATUSES: ['open', 'pending_notification', 'resolved', 'closed'] = [
  'open',
  'pending_notification',
  'resolved',
  'closed',
];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES: ['P0', 'P1', 'P2', 'P3'] = ['P0', 'P1', 'P2', 'P3'];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/**
 * An internal ticket about a customer, for the shop's agents and the assistant; nothing on it is
 * sent to the customer except the follow-up composed from a resolution. `customerId` points into
 * the customers group without a foreign key: that group owns its table, and tickets follow its
 * merges and deletions through events.
 */
export const Ticket = defineEntity({
  name: 'Ticket',
  tableName: 'tickets',
  indexes: [{ properties: ['shopId', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    title: p.string().length(200),
    description: p.text().nullable(),
    priority: p.enum(TICKET_PRIORITIES),
    category: p.string().length(100).nullable(),
    status: p.enum(TICKET_STATUSES).onCreate(() => 'open' as const),
    phone: p.string().length(20).nullable().index(),
    customerEmail: p.string().length(254).nullable(),
    customerId: p.integer().nullable().index(),
    assignedAgentId: p.integer().nullable().index(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    resolvedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
  },
});

export type Ticket = InferEntity<typeof Ticket>;
