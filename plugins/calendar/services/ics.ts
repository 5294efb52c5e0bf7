import { randomUUID } from 'node:crypto';
import ical, { ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import type { CalendarEvent } from '../entities/calendar-event.entity.js';

/** A stable iCalendar UID: the same event is the same entry in every client it reaches. */
export const newIcsUid = () => `${randomUUID()}@switchboard.calendar`;

/**
 * Who an emailed invitation is from and for: RFC 5546 wants an ORGANIZER on a REQUEST or CANCEL,
 * and mail clients show the invitation to the ATTENDEE it names.
 */
export interface InvitationParties {
  organizer: { name: string; email: string };
  attendee: { name: string | null; email: string };
}

const STATUS: Record<CalendarEvent['status'], ICalEventStatus> = {
  pending: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  rejected: ICalEventStatus.CANCELLED,
};

/**
 * iCalendar text (RFC 5545) for events of one calendar. Times are written in UTC, which every
 * client reads without a VTIMEZONE; all-day events are DATE values of the calendar's local days.
 * One event is a `REQUEST` (or a `CANCEL` once cancelled or rejected), a range is a `PUBLISH`;
 * each event keeps its UID and carries its SEQUENCE, so a client updates the entry it has.
 */
export function icsFor(
  events: CalendarEvent[],
  calendar: { name: string; timezone: string },
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL',
  parties?: InvitationParties,
): string {
  const cal = ical({
    name: calendar.name,
    prodId: { company: 'Switchboard', product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod[method],
  });
  for (const event of events) {
    cal.createEvent({
      id: event.icsUid,
      sequence: event.icsSequence,
      stamp: event.updatedAt,
      start: event.allDay ? DateTime.fromJSDate(event.startAt, { zone: calendar.timezone }) : event.startAt,
      end: event.allDay ? DateTime.fromJSDate(event.endAt, { zone: calendar.timezone }) : event.endAt,
      allDay: event.allDay,
      summary: event.title,
      description: event.description ?? null,
      status: STATUS[event.status],
      ...(parties && {
        organizer: { name: parties.organizer.name, email: parties.organizer.email },
        attendees: [
          {
            email: parties.attendee.email,
            name: parties.attendee.name,
            rsvp: false,
            status:
              event.status === 'confirmed'
                ? ICalAttendeeStatus.ACCEPTED
                : event.status === 'pending'
                  ? ICalAttendeeStatus.TENTATIVE
                  : ICalAttendeeStatus.DECLINED,
          },
        ],
      }),
    });
  }
  return cal.toString();
}
