import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EntryFilterArgs } from '../services/entry-filters.js';
import { EntryPage } from './outputs.js';

export const listActivity = defineTool({
  name: 'list_activity',
  title: 'List activity',
  description:
    'Audit log, newest first: every change made through tools (success or failure) and confirmation events, with actor, record and redacted arguments. Lines older than retention_days are deleted.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...EntryFilterArgs, ...PagingArgs }),
  output: EntryPage,
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.activityLogService.list(filters, { limit: limit!, offset: offset! }),
});
