import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Ticket } from './ticket.entity.js';

export const FOLLOWUP_STATUSES: ['queued', 'sent', 'failed', 'cancelled'] = ['queued', 'sent', 'failed', 'cancelled'];
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];

/**
 * A message to the customer composed from a ticket's resolution, waiting in this durable queue
 * until the messaging group sends it (→ sent) or gives up (→ failed). Tickets cancels it when the
 * ticket is closed, reopened or given a newer resolution first.
 */
export const TicketFollowup = defineEntity({
  name: 'TicketFollowup',
  tableName: 'ticket_followups',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    ticket: () => p.manyToOne(Ticket).deleteRule('cascade').index(),
    status: p
      .enum(FOLLOWUP_STATUSES)
      .onCreate(() => 'queued' as const)
      .index(),
    message: p.text(),
    /**
     * 'template', 'ai', or 'pending': a composer (followup-composer.ts) will write the message; until
     * it does, the template's message waits in `message` (and goes out after COMPOSE_GRACE_MS).
     */
    composedBy: p.string().length(16),
    resolution: p.text().nullable(),
    resolveAfterNotify: p.boolean(),
    phone: p.string().length(20).nullable(),
    customerEmail: p.string().length(254).nullable(),
    statusReason: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    sentAt: p.datetime().nullable(),
  },
  indexes: [
    {
      // The compose-followups job's scan across shops.
      name: 'ticket_followups_pending_composition_index',
      expression: `create index "ticket_followups_pending_composition_index" on "ticket_followups" ("shop_id") where "composed_by" = 'pending' and "status" = 'queued'`,
    },
  ],
});

export type TicketFollowup = InferEntity<typeof TicketFollowup>;
