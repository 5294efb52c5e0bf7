import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CustomerOutput } from './outputs.js';

export const searchCustomers = defineTool({
  name: 'search_customers',
  title: 'Search customers',
  description:
    'Finds customers whose name or email contains the query, or whose phone contains its digits (3+). Newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    query: Type.String({ minLength: 1, maxLength: 200, description: 'Part of a name, email or phone number.' }),
    ...PagingArgs,
  }),
  output: pageOutput('customers', CustomerOutput),
  handler: async ({ query, limit, offset }, { services }) =>
    services.customersService.search(query, { limit: limit!, offset: offset! }),
});
