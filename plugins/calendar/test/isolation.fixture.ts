import type { IsolationFixture } from '../../../test/harness/isolation.js';
import { nextWeekday } from './helpers.js';

const PHONE = '+34600777111';

/**
 * Shop A owns a calendar with hours, a service, a reminder, an agent, a booking and a plain
 * event. Shop B aims at every id and at A's phone: ids answer not_found, filters show B's own
 * (empty) records, and an event B creates lands in B's own default calendar.
 */
const fixture: IsolationFixture = {
  groups: ['agents', 'whatsapp_ops', 'calendar'],
  seed: async (callAsA) => {
    const day = nextWeekday(3);
    const calendar = (await callAsA('create_calendar', { name: 'A calendar', min_notice_minutes: 0 })).calendar;
    const rule = (
      await callAsA('create_calendar_availability', {
        action: 'create',
        calendar_id: calendar.id,
        rule_type: 'weekly',
        day_of_week: 3,
        start_time: '09:00',
        end_time: '17:00',
      })
    ).rule;
    const service = (
      await callAsA('create_calendar_service', {
        action: 'create',
        calendar_id: calendar.id,
        name: 'Visit',
        duration_minutes: 30,
      })
    ).service;
    const notification = (
      await callAsA('create_calendar_notification', {
        action: 'create',
        calendar_id: calendar.id,
        notification_type: 'reminder',
        channel: 'whatsapp',
        timing_minutes: 60,
        template_text: 'See you at {hora}',
      })
    ).notification;
    const agent = (
      await callAsA('create_agent', {
        action: 'create',
        nickname: 'Ana',
        full_name: 'Ana A',
        email: 'ana@shop-a.example',
      })
    ).agent;
    await callAsA('assign_calendar_agent', { action: 'assign', calendar_id: calendar.id, agent_id: agent.id });
    const booking = (
      await callAsA('book_calendar_appointment', {
        calendar_id: calendar.id,
        service_id: service.id,
        start_datetime: `${day} 10:00:00`,
        phone: PHONE,
      })
    ).event;
    await callAsA('create_calendar_event', {
      action: 'create',
      title: 'A only',
      start_datetime: `${day} 15:00:00`,
      phone: PHONE,
    });
    return {
      day,
      calendarId: calendar.id,
      ruleId: rule.id,
      serviceId: service.id,
      notificationId: notification.id,
      agentId: agent.id,
      eventId: booking.id,
    };
  },
  probes: (seed) => {
    const cal = { calendar_id: seed.calendarId };
    const event = { event_id: seed.eventId };
    const empty = (p: any) => p.count === 0 && p.events.length === 0;
    return [
      { tool: 'get_calendar', args: cal, expect: 'not_found' },
      { tool: 'update_calendar', args: { ...cal, name: 'Taken' }, expect: 'not_found' },
      { tool: 'delete_calendar', args: cal, expect: 'not_found' },
      {
        tool: 'create_calendar_availability',
        args: { action: 'create', ...cal, rule_type: 'weekly', day_of_week: 1, start_time: '09:00', end_time: '10:00' },
        expect: 'not_found',
      },
      { tool: 'update_calendar_availability', args: { rule_id: seed.ruleId, label: 'B' }, expect: 'not_found' },
      { tool: 'delete_calendar_availability', args: { rule_id: seed.ruleId }, expect: 'not_found' },
      {
        tool: 'create_calendar_service',
        args: { action: 'create', ...cal, name: 'B', duration_minutes: 30 },
        expect: 'not_found',
      },
      { tool: 'list_calendar_services', args: cal, expect: 'not_found' },
      { tool: 'update_calendar_service', args: { service_id: seed.serviceId, name: 'B' }, expect: 'not_found' },
      { tool: 'delete_calendar_service', args: { service_id: seed.serviceId }, expect: 'not_found' },
      {
        tool: 'create_calendar_notification',
        args: {
          action: 'create',
          ...cal,
          notification_type: 'reminder',
          channel: 'whatsapp',
          timing_minutes: 5,
          template_text: 'B',
        },
        expect: 'not_found',
      },
      {
        tool: 'update_calendar_notification',
        args: { notification_id: seed.notificationId, is_enabled: false },
        expect: 'not_found',
      },
      { tool: 'delete_calendar_notification', args: { notification_id: seed.notificationId }, expect: 'not_found' },
      {
        tool: 'assign_calendar_agent',
        args: { action: 'assign', ...cal, agent_id: seed.agentId },
        expect: 'not_found',
      },
      { tool: 'remove_calendar_agent', args: { ...cal, agent_id: seed.agentId }, expect: 'not_found' },
      {
        tool: 'get_calendar_available_slots',
        args: { ...cal, service_id: seed.serviceId, date_from: seed.day },
        expect: 'not_found',
      },
      {
        tool: 'book_calendar_appointment',
        args: { ...cal, service_id: seed.serviceId, start_datetime: `${seed.day} 11:00:00`, phone: PHONE },
        expect: 'not_found',
      },
      {
        tool: 'create_calendar_event',
        args: {
          action: 'create',
          title: 'B event',
          start_datetime: `${seed.day} 10:00:00`,
          assigned_agent_id: seed.agentId,
        },
        expect: 'not_found',
      },
      {
        tool: 'create_calendar_event',
        args: { action: 'create', title: 'B event', start_datetime: `${seed.day} 10:00:00`, phone: PHONE },
        expect: 'empty',
        isEmpty: (p) => p.event.calendar_id !== seed.calendarId,
      },
      { tool: 'list_calendar_events', args: cal, expect: 'empty', isEmpty: empty },
      { tool: 'list_calendar_events', args: { agent_id: seed.agentId }, expect: 'empty', isEmpty: empty },
      { tool: 'list_calendar_events', args: { service_id: seed.serviceId }, expect: 'empty', isEmpty: empty },
      {
        tool: 'list_calendar_events',
        args: { phone: PHONE },
        expect: 'empty',
        isEmpty: (p) => p.events.every((e: any) => e.calendar_id !== seed.calendarId),
      },
      { tool: 'get_calendar_event', args: event, expect: 'not_found' },
      { tool: 'update_calendar_event', args: { ...event, title: 'B' }, expect: 'not_found' },
      {
        tool: 'reschedule_calendar_event',
        args: { ...event, start_datetime: `${seed.day} 11:00:00` },
        expect: 'not_found',
      },
      { tool: 'confirm_calendar_event', args: event, expect: 'not_found' },
      { tool: 'cancel_calendar_event', args: event, expect: 'not_found' },
      { tool: 'mark_calendar_event_attendance', args: { ...event, attendance: 'no_show' }, expect: 'not_found' },
      { tool: 'export_calendar_ics', args: event, expect: 'not_found' },
      { tool: 'export_calendar_ics', args: cal, expect: 'not_found' },
      { tool: 'get_calendar_stats', args: cal, expect: 'not_found' },
    ];
  },
  snapshot: async (callAsA, seed) => ({
    calendar: (await callAsA('get_calendar', { calendar_id: seed.calendarId })).calendar,
    event: (await callAsA('get_calendar_event', { event_id: seed.eventId })).event,
    events: (await callAsA('list_calendar_events', { calendar_id: seed.calendarId })).count,
  }),
  exempt: {},
};

export default fixture;
