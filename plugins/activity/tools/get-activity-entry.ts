import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EntryOutput } from './outputs.js';

export const getActivityEntry = defineTool({
  name: 'get_activity_entry',
  title: 'Get activity entry',
  description: 'One audit log line with its full (redacted) arguments.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ entry_id: Type.Integer({ minimum: 1, description: 'The entry id (list_activity).' }) }),
  output: Type.Object({ entry: EntryOutput }),
  handler: async ({ entry_id }, { services }) => ({ entry: await services.activityLogService.get(entry_id) }),
});
