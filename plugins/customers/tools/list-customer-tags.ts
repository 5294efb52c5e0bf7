import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { OwnerFields, TagOutput } from './outputs.js';

export const listCustomerTags = defineTool({
  name: 'list_customer_tags',
  title: 'List customer tags',
  description: 'The tags of the customer with this phone, by name.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ phone: phoneArg(), ...PagingArgs }),
  output: pageOutput('tags', TagOutput, OwnerFields),
  handler: async ({ phone, limit, offset }, { services }) =>
    services.customerTagsService.list(phone, { limit: limit!, offset: offset! }),
});
