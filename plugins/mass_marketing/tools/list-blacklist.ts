import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listBlacklist = defineTool({
  name: 'list_blacklist',
  title: 'List blacklist',
  description: 'The blacklisted phones, newest first; query matches part of the number (digits).',
  kind: 'query',
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })), ...PagingArgs }),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingBlacklistService.list(query, { limit: limit!, offset: offset! }),
});
