import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EntryFilterArgs } from '../services/entry-filters.js';
import { EntryPage } from './outputs.js';

export const listActivity = defineTool({
  name: 'list_activity',
  title: 'List activity',
  description:
    'The shop’s audit log, newest first: every change made through the tools (success or failure) and every confirmation event, with who made it, the record it touched and its arguments (secrets redacted). ' +
    'Filter by kind, actor, named token, tool, group, record, outcome, error code and time. Answers with retention_days: older lines are deleted.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...EntryFilterArgs, ...PagingArgs }),
  output: EntryPage,
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.activityLogService.list(filters, { limit: limit!, offset: offset! }),
});
