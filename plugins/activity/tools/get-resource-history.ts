import { PagingArgs, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EntryOutput } from './outputs.js';

export const getResourceHistory = defineTool({
  name: 'get_resource_history',
  title: 'Get record history',
  description:
    'Everything the audit log holds about one record, oldest first, named as the tools name it (resource_type ticket, resource_id 12; phone for calls about a phone).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    resource_type: Type.String({ minLength: 1, maxLength: 64 }),
    resource_id: Type.String({ minLength: 1, maxLength: 200 }),
    ...PagingArgs,
  }),
  output: pageOutput('entries', EntryOutput),
  handler: async ({ resource_type, resource_id, limit, offset }, { services }) =>
    services.activityLogService.history(resource_type, resource_id, { limit: limit!, offset: offset! }),
});
