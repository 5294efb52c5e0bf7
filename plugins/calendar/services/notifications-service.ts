import { groupNotEnabled, notFound, type Services } from '../../../core/index.js';
import { CalendarNotification } from '../entities/calendar-notification.entity.js';
import type { NotificationChannel, NotificationType } from '../entities/values.js';
import { checkTemplate } from './deliveries/notification-template.js';
import { requireChanges } from './require-changes.js';

export interface NotificationFields {
  notification_type?: NotificationType;
  channel?: NotificationChannel;
  timing_minutes?: number;
  template_text?: string;
  is_enabled?: boolean;
}

/**
 * What customers are told about their events. A reminder applies to the calendar's upcoming
 * events as soon as it is made; a change plans again whatever the notification had waiting.
 */
export class CalendarNotificationsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async create(
    calendarId: number,
    fields: Required<Omit<NotificationFields, 'is_enabled'>> & { is_enabled?: boolean },
  ): Promise<CalendarNotification> {
    await this.deps.calendarsService.get(calendarId);
    this.checkChannel(fields.channel);
    const notification = this.em.create(CalendarNotification, {
      calendarId,
      notificationType: fields.notification_type,
      channel: fields.channel,
      timingMinutes: fields.timing_minutes,
      templateText: checkTemplate(fields.template_text),
      isEnabled: fields.is_enabled ?? true,
    } as CalendarNotification);
    await this.em.flush();
    await this.deps.calendarDeliveriesService.planNotification(notification, []);
    return notification;
  }

  /**
   * What the notification had waiting is cancelled and planned again as it is now (new timing,
   * text read at send time); a notification moved to another type plans only what that type
   * applies to from now on.
   */
  async update(id: number, fields: NotificationFields): Promise<CalendarNotification> {
    const notification = await this.get(id);
    requireChanges(fields, 'notification_id');
    const previousType = notification.notificationType;
    if (fields.channel !== undefined) this.checkChannel(fields.channel);
    if (fields.template_text !== undefined) notification.templateText = checkTemplate(fields.template_text);
    if (fields.notification_type !== undefined) notification.notificationType = fields.notification_type;
    if (fields.channel !== undefined) notification.channel = fields.channel;
    if (fields.timing_minutes !== undefined) notification.timingMinutes = fields.timing_minutes;
    if (fields.is_enabled !== undefined) notification.isEnabled = fields.is_enabled;
    await this.em.flush();
    const waiting = await this.deps.calendarDeliveriesService.cancelForNotification(id, 'the notification was changed');
    await this.deps.calendarDeliveriesService.planNotification(
      notification,
      notification.notificationType === previousType ? waiting : [],
    );
    return notification;
  }

  async delete(id: number): Promise<void> {
    const notification = await this.get(id);
    await this.deps.calendarDeliveriesService.cancelForNotification(id, 'the notification was deleted');
    this.em.remove(notification);
    await this.em.flush();
  }

  /** The enabled notifications of these types on a calendar. */
  enabled(calendarId: number, types: NotificationType[]): Promise<CalendarNotification[]> {
    return this.em.find(
      CalendarNotification,
      { calendarId, notificationType: { $in: types }, isEnabled: true },
      { orderBy: { id: 'asc' } },
    );
  }

  private async get(id: number): Promise<CalendarNotification> {
    const notification = await this.em.findOne(CalendarNotification, { id });
    if (!notification) throw notFound('notification', id);
    return notification;
  }

  /** A channel is refused when this server lacks the group that sends on it, rather than stored and never sent. */
  private checkChannel(channel: NotificationChannel): void {
    const groups = this.deps.kernelCatalog.names();
    if (channel !== 'whatsapp' && !groups.includes('email'))
      throw groupNotEnabled(
        'email',
        `channel "${channel}" sends email, and the email group is not enabled on this server; use channel "whatsapp".`,
      );
    if (channel !== 'email' && !groups.includes('whatsapp_ops'))
      throw groupNotEnabled(
        'whatsapp_ops',
        `channel "${channel}" sends on the messaging channel, and whatsapp_ops is not enabled on this server.`,
      );
  }
}
