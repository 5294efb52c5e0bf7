import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listCustomers = defineTool({
  name: 'list_customers',
  title: 'List customers',
  description: "The shop's customers, newest first, optionally only those with a tag (name compared without case).",
  kind: 'query',
  input: Type.Object({
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Only customers with this tag.' })),
    ...PagingArgs,
  }),
  handler: async ({ tag, limit, offset }, { services }) =>
    services.customersService.list(tag, { limit: limit!, offset: offset! }),
});
