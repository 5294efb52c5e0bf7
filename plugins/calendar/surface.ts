/** The calendar group as other groups see it: its services and its events. Types only. */
import type { CalendarsService } from './services/calendars-service.js';
import type { CalendarAvailabilityService } from './services/availability-service.js';
import type { CalendarServicesService } from './services/services-service.js';
import type { CalendarNotificationsService } from './services/notifications-service.js';
import type { CalendarAgentsService } from './services/agents-service.js';
import type { CalendarSlotsService } from './services/slots/slots-service.js';
import type { CalendarEventsService } from './services/events-service.js';
import type { CalendarBookingsService } from './services/bookings-service.js';
import type { BookingGate } from './services/booking-gate.js';
import type { CalendarDeliveriesService } from './services/deliveries/deliveries-service.js';
import type { CalendarDeliverySenderService } from './services/deliveries/delivery-sender-service.js';
import type { CalendarStatsService } from './services/stats-service.js';

export type { CalendarsService, CalendarSlotsService, CalendarBookingsService, CalendarEventsService };

/** An event as the calendar's events announce it. Times ISO 8601 UTC. */
export interface CalendarEventChange {
  event_id: number;
  calendar_id: number;
  service_id: number | null;
  phone: string | null;
  assigned_agent_id: number | null;
  status: 'pending' | 'confirmed' | 'cancelled' | 'rejected' | 'completed' | 'no_show';
  start_at: string;
  end_at: string;
}

declare module '../../core/index.js' {
  interface GroupServices {
    calendarsService: CalendarsService;
    calendarAvailabilityService: CalendarAvailabilityService;
    calendarServicesService: CalendarServicesService;
    calendarNotificationsService: CalendarNotificationsService;
    calendarAgentsService: CalendarAgentsService;
    calendarSlotsService: CalendarSlotsService;
    calendarEventsService: CalendarEventsService;
    calendarBookingsService: CalendarBookingsService;
    calendarDeliveriesService: CalendarDeliveriesService;
    calendarDeliverySenderService: CalendarDeliverySenderService;
    calendarStatsService: CalendarStatsService;
    /** This process's queue of bookings per calendar, provided at setup. */
    calendarBookingGate: BookingGate;
  }
  interface EventMap {
    /** Fired after book_calendar_appointment makes a booking (pending or confirmed). */
    'calendar.event_booked': CalendarEventChange;
    /** Fired after a pending booking is confirmed. */
    'calendar.event_confirmed': CalendarEventChange;
    /** Fired after an event moves to a new time; previous_start is the old start (UTC). */
    'calendar.event_rescheduled': CalendarEventChange & { previous_start: string };
    /** Fired after an event is cancelled (or a pending one rejected). */
    'calendar.event_cancelled': CalendarEventChange & { reason: string | null };
    /** Fired after an event is marked no-show. */
    'calendar.event_no_show': CalendarEventChange;
  }
}
