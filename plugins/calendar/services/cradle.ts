import type { EntityManager, GroupCatalog, ScopedEvents, ShopContext } from '../../../core/index.js';
import type { AgentsService } from '../../agents/surface.js';
import type { ChatappMessagingService } from '../../whatsapp_ops/surface.js';
import type { CalendarConfig } from '../config.js';
import type { CalendarsService } from './calendars-service.js';
import type { CalendarAvailabilityService } from './availability-service.js';
import type { CalendarServicesService } from './services-service.js';
import type { CalendarNotificationsService } from './notifications-service.js';
import type { CalendarAgentsService } from './agents-service.js';
import type { CalendarSlotsService } from './slots/slots-service.js';
import type { CalendarDeliveriesService } from './deliveries/deliveries-service.js';
import type { CalendarDeliverySenderService } from './deliveries/delivery-sender-service.js';
import type { CalendarEventsService } from './events-service.js';
import type { CalendarBookingsService } from './bookings-service.js';
import type { CalendarStatsService } from './stats-service.js';

/**
 * What the calendar's services take from a call scope. `calendarConfig` is registered at setup;
 * `chatappMessagingService` exists only while whatsapp_ops is enabled (check kernelCatalog first).
 */
export interface CalendarCradle {
  em: EntityManager;
  shop: ShopContext;
  events: ScopedEvents;
  kernelCatalog: GroupCatalog;
  calendarConfig: CalendarConfig;
  agentsService: AgentsService;
  chatappMessagingService: ChatappMessagingService;
  calendarsService: CalendarsService;
  calendarAvailabilityService: CalendarAvailabilityService;
  calendarServicesService: CalendarServicesService;
  calendarNotificationsService: CalendarNotificationsService;
  calendarAgentsService: CalendarAgentsService;
  calendarSlotsService: CalendarSlotsService;
  calendarDeliveriesService: CalendarDeliveriesService;
  calendarDeliverySenderService: CalendarDeliverySenderService;
  calendarEventsService: CalendarEventsService;
  calendarBookingsService: CalendarBookingsService;
  calendarStatsService: CalendarStatsService;
}
