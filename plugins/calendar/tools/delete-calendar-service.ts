import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { serviceIdArg } from './args.js';
import { Deleted } from './outputs.js';

export const deleteCalendarService = defineTool({
  name: 'delete_calendar_service',
  title: 'Delete calendar service',
  description: 'Stops offering a service. Its bookings stay.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ service_id: serviceIdArg }),
  output: Deleted,
  handler: async ({ service_id }, { services }) => {
    await services.calendarServicesService.delete(service_id);
    return { deleted: true, id: service_id };
  },
});
