import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { servicePayload } from '../services/payloads.js';
import { calendarIdArg, durationArg, serviceFieldArgs, serviceNameArg } from './args.js';
import { ServiceOutput } from './outputs.js';

export const createCalendarService = defineTool({
  name: 'create_calendar_service',
  title: 'Create calendar service',
  description:
    'Adds a bookable service (appointment type) to a calendar: duration, buffers, concurrent bookings, price, and whether bookings wait for confirmation.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    calendar_id: calendarIdArg,
    name: serviceNameArg,
    duration_minutes: durationArg,
    ...serviceFieldArgs,
  }),
  output: Type.Object({ service: ServiceOutput }),
  handler: async ({ calendar_id, ...fields }, { services }) => ({
    service: servicePayload(await services.calendarServicesService.create(calendar_id, fields)),
  }),
});
