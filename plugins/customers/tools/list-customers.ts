import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CustomerOutput } from './outputs.js';

export const listCustomers = defineTool({
  name: 'list_customers',
  title: 'List customers',
  description: 'Customers, newest first, optionally with a tag.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'Only customers with this tag.' })),
    ...PagingArgs,
  }),
  output: pageOutput('customers', CustomerOutput),
  handler: async ({ tag, limit, offset }, { services }) =>
    services.customersService.list(tag, { limit: limit!, offset: offset! }),
});
