import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarIdArg, dateArg } from './args.js';

const Counts = Type.Record(Type.String(), Type.Integer());

export const getCalendarStats = defineTool({
  name: 'get_calendar_stats',
  title: 'Get calendar stats',
  description:
    'For events starting between two local dates (default the last 30 days): counts per status and service, no-show rate, booked minutes, utilisation (with calendar_id) and notification deliveries.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    calendar_id: Type.Optional(calendarIdArg),
    date_from: Type.Optional(dateArg('First day')),
    date_to: Type.Optional(dateArg('Last day, inclusive')),
  }),
  output: Type.Object({
    calendar_id: Nullable(Type.Integer()),
    date_from: Type.String(),
    date_to: Type.String(),
    timezone: Type.String(),
    events_total: Type.Integer(),
    by_status: Counts,
    by_service: Type.Array(
      Type.Object(
        { service_id: Nullable(Type.Integer()), service_name: Nullable(Type.String()), events: Type.Integer() },
        { additionalProperties: false },
      ),
    ),
    no_show_rate: Nullable(Type.Number()),
    booked_minutes: Type.Integer(),
    open_minutes: Nullable(Type.Integer()),
    utilisation_percent: Nullable(Type.Number()),
    notifications: Counts,
  }),
  handler: async (args, { services }) => services.calendarStatsService.stats(args),
});
