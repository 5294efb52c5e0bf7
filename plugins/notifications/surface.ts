/** The notifications group as other groups see it: its services. Types only. */
import type { NotifierService, Notice } from './services/notifier-service.js';
import type { InboxService } from './services/inbox-service.js';
import type { NotificationSettingsService } from './services/settings-service.js';
import type { NotificationDeliverySenderService } from './services/deliveries/delivery-sender-service.js';

export type { NotifierService, Notice };

declare module '../../core/index.js' {
  interface GroupServices {
    /** notify(): what a group without an event of its own calls to tell the owner or an agent. */
    notificationsService: NotifierService;
    notificationInboxService: InboxService;
    notificationSettingsService: NotificationSettingsService;
    notificationDeliverySenderService: NotificationDeliverySenderService;
  }
}
