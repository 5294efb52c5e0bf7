import { definePlugin } from '../../core/index.js';
import { NotificationsConfig } from './config.js';
import { notificationsErrors } from './errors.js';
import { Notification } from './entities/notification.entity.js';
import { NotificationSettings } from './entities/notification-settings.entity.js';
import { NotificationDelivery } from './entities/notification-delivery.entity.js';
import { NotificationsInit } from './migrations/0001-init.js';
import { NotificationsWebhooksDisabled } from './migrations/0002-webhooks-disabled.js';
import { NotificationsTenantIndexesCovered } from './migrations/0003-tenant-indexes-covered.js';
import { NotifierService } from './services/notifier-service.js';
import { InboxService } from './services/inbox-service.js';
import { NotificationSettingsService } from './services/settings-service.js';
import { NotificationDeliverySenderService } from './services/deliveries/delivery-sender-service.js';
import { sendNotificationDeliveries } from './jobs/send-notification-deliveries.js';
import { onTicketAssigned, onTicketCreated } from './listeners/tickets.js';
import { onCampaignStatusChanged } from './listeners/campaigns.js';
import { onLineDisconnected } from './listeners/lines.js';
import { onCreditsLow } from './listeners/credits.js';
import { onWebhooksDisabled } from './listeners/webhooks.js';
import { onEventBooked } from './listeners/calendar.js';
import { onTaskAssigned, onTaskReminderDue } from './listeners/tasks.js';
import { onSupportReplied } from './listeners/support.js';
import { onReferralRewarded } from './listeners/referrals.js';
import { listNotifications } from './tools/list-notifications.js';
import { markNotificationRead } from './tools/mark-notification-read.js';
import { markAllNotificationsRead } from './tools/mark-all-notifications-read.js';
import { snoozeNotification } from './tools/snooze-notification.js';
import { deleteNotification } from './tools/delete-notification.js';
import { clearNotifications } from './tools/clear-notifications.js';
import { getNotificationSettings } from './tools/get-notification-settings.js';
import { updateNotificationSettings } from './tools/update-notification-settings.js';
import { sendNotification } from './tools/send-notification.js';
import { notificationsRetention } from './operations/retention.js';

/**
 * notifications: what needs the owner or an agent, in their dashboard inbox. Other groups' events
 * become notifications (a ticket assigned, a P0 ticket, a campaign finished or paused, a line
 * disconnected, credits low, a new booking) in the event's transaction; repeats fold into one
 * unread row; read, unread, snooze, clear; per-recipient settings, muted lines, quiet hours, and
 * optional delivery to the phone through whatsapp_ops' send path by a job.
 */
export default definePlugin({
  name: 'notifications',
  version: '1.0.0',
  description:
    'The owner’s and agents’ notification inbox: assignments, P0 tickets, campaigns, lines, credits, bookings and announcements; read, snooze, clear; settings, quiet hours and phone delivery.',
  kernel: '^1.0.0',
  servicePrefix: 'notification',
  dependencies: ['agents'],
  optionalDependencies: ['whatsapp_ops'],
  configSchema: NotificationsConfig,
  entities: [Notification, NotificationSettings, NotificationDelivery],
  migrations: [
    { name: '0001-init', class: NotificationsInit },
    { name: '0002-webhooks-disabled', class: NotificationsWebhooksDisabled },
    { name: '0003-tenant-indexes-covered', class: NotificationsTenantIndexesCovered },
  ],
  services: {
    notificationsService: NotifierService,
    notificationInboxService: InboxService,
    notificationSettingsService: NotificationSettingsService,
    notificationDeliverySenderService: NotificationDeliverySenderService,
  },
  errors: notificationsErrors,
  tools: [
    listNotifications,
    markNotificationRead,
    markAllNotificationsRead,
    snoozeNotification,
    deleteNotification,
    clearNotifications,
    getNotificationSettings,
    updateNotificationSettings,
    sendNotification,
  ],
  jobs: [sendNotificationDeliveries],
  retention: notificationsRetention,
  on: {
    'tickets.assigned': onTicketAssigned,
    'tickets.created': onTicketCreated,
    'mass_marketing.campaign_status_changed': onCampaignStatusChanged,
    'whatsapp_ops.line_disconnected': onLineDisconnected,
    'credits.low': onCreditsLow,
    'advanced.webhooks_disabled': onWebhooksDisabled,
    'calendar.event_booked': onEventBooked,
    'tasks.assigned': onTaskAssigned,
    'tasks.reminder_due': onTaskReminderDue,
    'support.replied': onSupportReplied,
    'referrals.rewarded': onReferralRewarded,
    'agents.deleted': async ({ agent_id }, { services }) => {
      await services.notificationInboxService.agentDeleted(agent_id);
      await services.notificationSettingsService.agentDeleted(agent_id);
    },
  },
});
