import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const listCustomerTags = defineTool({
  name: 'list_customer_tags',
  title: 'List customer tags',
  description: 'The tags of the customer with this phone, in name order.',
  kind: 'query',
  input: Type.Object({ phone: phoneArg(), ...PagingArgs }),
  handler: async ({ phone, limit, offset }, { services }) =>
    services.customerTagsService.list(phone, { limit: limit!, offset: offset! }),
});
