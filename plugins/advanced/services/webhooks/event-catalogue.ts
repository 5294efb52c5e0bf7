import type { EventName } from '../../../../core/index.js';

/** One webhook event type: `<resource>.<past verb>`, fed by one domain event of a group. */
export interface WebhookEventType {
  type: string;
  /** The group whose domain event it is; the type is offered only while that group is enabled. */
  group: string;
  /** Its `data` is this event's payload as docs/events.md describes it. */
  source: EventName | null;
  description: string;
}

const entry = (type: string, source: EventName, description: string): WebhookEventType => ({
  type,
  group: source.slice(0, source.indexOf('.')),
  source,
  description,
});

/**
 * Catalogue v1. A type's `data` is the payload of its source domain event, unchanged, so the
 * webhook and the in-process event can never drift apart. Help Scout style names, as the design
 * note proposes.
 */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [
  entry(
    'message.received',
    'whatsapp_ops.message_received',
    'A customer’s message arrived on one of the shop’s lines.',
  ),
  entry('message.sent', 'whatsapp_ops.message_sent', 'The network accepted a message from one of the shop’s lines.'),
  entry('message.status_changed', 'whatsapp_ops.message_status', 'A receipt moved a sent message’s status forward.'),
  entry('optout.created', 'whatsapp_ops.opted_out', 'A phone opted out of the shop’s messages.'),
  entry(
    'line.disconnected',
    'whatsapp_ops.line_disconnected',
    'The network reported one of the shop’s lines disconnected.',
  ),
  entry('customer.tagged', 'customers.tagged', 'A tag was put on a customer.'),
  entry('customer.untagged', 'customers.untagged', 'A tag was taken off a customer.'),
  entry('customer.merged', 'customers.merged', 'Two customers were merged into one.'),
  entry('customer.deleted', 'customers.deleted', 'A customer was deleted.'),
  entry('ticket.created', 'tickets.created', 'A ticket was opened.'),
  entry('ticket.assigned', 'tickets.assigned', 'A ticket’s agent changed.'),
  entry('ticket.resolved', 'tickets.resolved', 'A ticket was resolved.'),
  entry('ticket.closed', 'tickets.closed', 'A ticket was closed.'),
  entry('ticket.reopened', 'tickets.reopened', 'A resolved ticket, or one waiting for its follow-up, was reopened.'),
  entry(
    'ticket.noted',
    'tickets.noted',
    'An entry was added to a ticket’s timeline: a note, a folded report, a resolution, a closing reason.',
  ),
  entry('ticket.updated', 'tickets.updated', 'A ticket’s title, description, priority or category changed.'),
  entry(
    'conversation.assigned',
    'conversations.assigned',
    'A conversation’s agent changed: assigned, unassigned, or the agent deleted.',
  ),
  entry('crm_customer.stage_changed', 'crm.stage_changed', 'A CRM contact moved to another pipeline stage.'),
  entry(
    'campaign.status_changed',
    'mass_marketing.campaign_status_changed',
    'A campaign started, paused, resumed, completed, …',
  ),
  entry('campaign.replied', 'mass_marketing.campaign_replied', 'A campaign’s recipient replied.'),
  entry('campaign.unsubscribed', 'mass_marketing.unsubscribed', 'A phone unsubscribed from campaigns.'),
  entry('email.received', 'email.received', 'A mail arrived in one of the shop’s mailboxes.'),
  entry('email.sent', 'email.sent', 'A mail was accepted by the SMTP server.'),
  entry('email_thread.assigned', 'email.thread_assigned', 'A mail thread was given to an agent or taken back.'),
  entry('email_thread.status_changed', 'email.thread_status_changed', 'A mail thread’s status changed.'),
  entry('calendar_event.booked', 'calendar.event_booked', 'An appointment was booked.'),
  entry('calendar_event.confirmed', 'calendar.event_confirmed', 'An appointment was confirmed.'),
  entry('calendar_event.rescheduled', 'calendar.event_rescheduled', 'An appointment moved.'),
  entry('calendar_event.cancelled', 'calendar.event_cancelled', 'An appointment was cancelled.'),
  entry('calendar_event.no_show', 'calendar.event_no_show', 'A customer did not come to an appointment.'),
  entry('task.created', 'tasks.created', 'A task was created.'),
  entry('task.assigned', 'tasks.assigned', 'A task’s agent changed.'),
  entry('task.completed', 'tasks.completed', 'A task was completed.'),
  entry(
    'conversation.categorized',
    'ai_analysis.conversation_categorized',
    'An analysis of a conversation was stored.',
  ),
  entry('store.connected', 'integrations.connected', 'A storefront was connected (or its connection enabled).'),
  entry('store.disconnected', 'integrations.disconnected', 'A storefront was disconnected.'),
  entry('order.created', 'integrations.order_created', 'A storefront reported a new order.'),
  entry(
    'order.updated',
    'integrations.order_updated',
    'A storefront reported a change of an order (status, payment, shipping).',
  ),
  entry(
    'product.changed',
    'integrations.product_changed',
    'A storefront reported a product created, changed or deleted.',
  ),
  entry('product_sync.completed', 'products.synced', 'A catalogue sync from the storefront finished.'),
  {
    type: 'webhook.test',
    group: 'advanced',
    source: null,
    description: 'Sent by send_test_webhook only: `data` says so.',
  },
];

export const TEST_EVENT_TYPE = 'webhook.test';

/** The version of the envelope and of the catalogue; a breaking change makes a new one. */
export const WEBHOOK_API_VERSION = '2026-11-01';

/** The types a shop can subscribe to here: those whose group this deployment runs. */
export function availableTypes(enabledGroups: readonly string[]): WebhookEventType[] {
  const enabled = new Set(enabledGroups);
  return WEBHOOK_EVENT_TYPES.filter((t) => enabled.has(t.group));
}
