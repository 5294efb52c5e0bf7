import { definePlugin } from '../../core/index.js';
import { CalendarConfig } from './config.js';
import { calendarErrors } from './errors.js';
import { Calendar } from './entities/calendar.entity.js';
import { CalendarRule } from './entities/calendar-rule.entity.js';
import { AppointmentType } from './entities/appointment-type.entity.js';
import { CalendarNotification } from './entities/calendar-notification.entity.js';
import { CalendarAgent } from './entities/calendar-agent.entity.js';
import { CalendarEvent } from './entities/calendar-event.entity.js';
import { CalendarDelivery } from './entities/calendar-delivery.entity.js';
import { CalendarInit } from './migrations/0001-init.js';
import { CalendarEmailDeliveries } from './migrations/0002-email-deliveries.js';
import { CalendarTenantIndexesCovered } from './migrations/0003-tenant-indexes-covered.js';
import { CalendarsService } from './services/calendars-service.js';
import { CalendarAvailabilityService } from './services/availability-service.js';
import { CalendarServicesService } from './services/services-service.js';
import { CalendarNotificationsService } from './services/notifications-service.js';
import { CalendarAgentsService } from './services/agents-service.js';
import { CalendarSlotsService } from './services/slots/slots-service.js';
import { CalendarEventsService } from './services/events-service.js';
import { CalendarBookingsService } from './services/bookings-service.js';
import { BookingGate } from './services/booking-gate.js';
import { CalendarDeliveriesService } from './services/deliveries/deliveries-service.js';
import { CalendarDeliverySenderService } from './services/deliveries/delivery-sender-service.js';
import { CalendarStatsService } from './services/stats-service.js';
import { sendCalendarNotifications } from './jobs/send-calendar-notifications.js';
import { createCalendar } from './tools/create-calendar.js';
import { listCalendars } from './tools/list-calendars.js';
import { getCalendar } from './tools/get-calendar.js';
import { updateCalendar } from './tools/update-calendar.js';
import { deleteCalendar } from './tools/delete-calendar.js';
import { createCalendarAvailability } from './tools/create-calendar-availability.js';
import { updateCalendarAvailability } from './tools/update-calendar-availability.js';
import { deleteCalendarAvailability } from './tools/delete-calendar-availability.js';
import { createCalendarService } from './tools/create-calendar-service.js';
import { listCalendarServices } from './tools/list-calendar-services.js';
import { updateCalendarService } from './tools/update-calendar-service.js';
import { deleteCalendarService } from './tools/delete-calendar-service.js';
import { createCalendarNotification } from './tools/create-calendar-notification.js';
import { updateCalendarNotification } from './tools/update-calendar-notification.js';
import { deleteCalendarNotification } from './tools/delete-calendar-notification.js';
import { assignCalendarAgent } from './tools/assign-calendar-agent.js';
import { removeCalendarAgent } from './tools/remove-calendar-agent.js';
import { getCalendarAvailableSlots } from './tools/get-calendar-available-slots.js';
import { bookCalendarAppointment } from './tools/book-calendar-appointment.js';
import { createCalendarEvent } from './tools/create-calendar-event.js';
import { listCalendarEvents } from './tools/list-calendar-events.js';
import { getCalendarEvent } from './tools/get-calendar-event.js';
import { updateCalendarEvent } from './tools/update-calendar-event.js';
import { rescheduleCalendarEvent } from './tools/reschedule-calendar-event.js';
import { confirmCalendarEvent } from './tools/confirm-calendar-event.js';
import { cancelCalendarEvent } from './tools/cancel-calendar-event.js';
import { markCalendarEventAttendance } from './tools/mark-calendar-event-attendance.js';
import { exportCalendarIcs } from './tools/export-calendar-ics.js';
import { getCalendarStats } from './tools/get-calendar-stats.js';

/**
 * calendar: appointment booking. Calendars with weekly hours, date exceptions and blocks; bookable
 * services with duration, buffers, capacity, price and confirmation; free slots computed in the
 * calendar's timezone; bookings serialised per calendar so capacity is never exceeded; events with
 * a status machine (pending → confirmed → completed | no_show; cancelled, rejected); notifications
 * planned as delivery rows with the event and sent once each by a job through whatsapp_ops' send
 * path and/or as mail with an invitation through the email group's outbox; iCalendar export.
 */
export default definePlugin({
  name: 'calendar',
  version: '1.0.0',
  description:
    'Appointment booking: calendars, hours, services, free slots, bookings that never double-book, reminders and follow-ups over the messaging channel and email (with invitations), ICS export and stats.',
  kernel: '^1.0.0',
  dependencies: ['agents'],
  optionalDependencies: ['whatsapp_ops', 'email'],
  configSchema: CalendarConfig,
  entities: [
    Calendar,
    CalendarRule,
    AppointmentType,
    CalendarNotification,
    CalendarAgent,
    CalendarEvent,
    CalendarDelivery,
  ],
  migrations: [
    { name: '0001-init', class: CalendarInit },
    { name: '0002-email-deliveries', class: CalendarEmailDeliveries },
    { name: '0003-tenant-indexes-covered', class: CalendarTenantIndexesCovered },
  ],
  services: {
    calendarsService: CalendarsService,
    calendarAvailabilityService: CalendarAvailabilityService,
    calendarServicesService: CalendarServicesService,
    calendarNotificationsService: CalendarNotificationsService,
    calendarAgentsService: CalendarAgentsService,
    calendarSlotsService: CalendarSlotsService,
    calendarEventsService: CalendarEventsService,
    calendarBookingsService: CalendarBookingsService,
    calendarDeliveriesService: CalendarDeliveriesService,
    calendarDeliverySenderService: CalendarDeliverySenderService,
    calendarStatsService: CalendarStatsService,
  },
  errors: calendarErrors,
  tools: [
    createCalendar,
    listCalendars,
    getCalendar,
    updateCalendar,
    deleteCalendar,
    createCalendarAvailability,
    updateCalendarAvailability,
    deleteCalendarAvailability,
    createCalendarService,
    listCalendarServices,
    updateCalendarService,
    deleteCalendarService,
    createCalendarNotification,
    updateCalendarNotification,
    deleteCalendarNotification,
    assignCalendarAgent,
    removeCalendarAgent,
    getCalendarAvailableSlots,
    bookCalendarAppointment,
    createCalendarEvent,
    listCalendarEvents,
    getCalendarEvent,
    updateCalendarEvent,
    rescheduleCalendarEvent,
    confirmCalendarEvent,
    cancelCalendarEvent,
    markCalendarEventAttendance,
    exportCalendarIcs,
    getCalendarStats,
  ],
  jobs: [sendCalendarNotifications],
  on: {
    'agents.deleted': (payload, { services }) => services.calendarAgentsService.agentDeleted(payload),
    'customers.merged': (payload, { services }) => services.calendarEventsService.customersMerged(payload),
  },
  setup: ({ provide }) => {
    provide('calendarBookingGate', new BookingGate());
  },
});
