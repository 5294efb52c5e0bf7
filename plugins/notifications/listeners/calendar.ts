import { formatShopTime, type EventHandler } from '../../../core/index.js';
import type { CalendarEventChange } from '../../calendar/surface.js';
import { OWNER } from '../entities/values.js';

/** A new booking goes to the agent it was given to, else to the owner. */
export const onEventBooked: EventHandler<CalendarEventChange> = async (e, { services, shop }) => {
  const when = formatShopTime(new Date(e.start_at), shop.timezone).slice(0, 16);
  await services.notificationsService.notify({
    recipients: [e.assigned_agent_id ?? OWNER],
    type: 'booking_created',
    title: `New booking on ${when}`,
    body:
      [e.phone && `Customer ${e.phone}`, e.status === 'pending' && 'It waits for your confirmation.']
        .filter(Boolean)
        .join('. ') || null,
    resource: { type: 'calendar_event', id: e.event_id },
    dedupeKey: `calendar_event:${e.event_id}`,
  });
};
