import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { servicePayload } from '../services/payloads.js';
import { calendarIdArg } from './args.js';
import { ServiceOutput } from './outputs.js';

export const listCalendarServices = defineTool({
  name: 'list_calendar_services',
  title: 'List calendar services',
  description: 'The services a calendar offers (what the assistant can book), deleted ones left out.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ calendar_id: calendarIdArg }),
  output: Type.Object({ services: Type.Array(ServiceOutput), count: Type.Integer() }),
  handler: async ({ calendar_id }, { services }) => {
    const rows = await services.calendarServicesService.list(calendar_id);
    return { services: rows.map(servicePayload), count: rows.length };
  },
});
