import { PagingArgs, Type, pageOutput } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { BlacklistOutput } from '../outputs.js';

export const listBlacklist = defineTool({
  name: 'list_blacklist',
  title: 'List blacklist',
  description: 'The blacklisted phones, newest first; query matches digits of the number.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })), ...PagingArgs }),
  output: pageOutput('entries', BlacklistOutput),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingBlacklistService.list(query, { limit: limit!, offset: offset! }),
});
