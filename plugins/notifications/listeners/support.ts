import type { EventHandler } from '../../../core/index.js';
import type { SupportReplied } from '../../support/surface.js';
import { OWNER } from '../entities/values.js';

/** The platform's support answered one of the shop's support tickets: the owner reads it. */
export const onSupportReplied: EventHandler<SupportReplied> = async (e, { services }) => {
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: 'support_reply',
    title: e.resolved ? `Support resolved “${e.subject}”` : `Support answered “${e.subject}”`,
    body: 'Read it with get_support_ticket; reply_support_ticket answers.',
    resource: { type: 'support_ticket', id: e.ticket_id },
    dedupeKey: `support_ticket:${e.ticket_id}`,
  });
};
