import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { servicePayload } from '../services/payloads.js';
import { durationArg, serviceFieldArgs, serviceIdArg, serviceNameArg } from './args.js';
import { ServiceOutput } from './outputs.js';

export const updateCalendarService = defineTool({
  name: 'update_calendar_service',
  title: 'Update calendar service',
  description: 'Changes a service for new bookings; existing bookings keep what they were booked with.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    service_id: serviceIdArg,
    name: Type.Optional(serviceNameArg),
    duration_minutes: Type.Optional(durationArg),
    ...serviceFieldArgs,
  }),
  output: Type.Object({ service: ServiceOutput }),
  handler: async ({ service_id, ...fields }, { services }) => ({
    service: servicePayload(await services.calendarServicesService.update(service_id, fields)),
  }),
});
