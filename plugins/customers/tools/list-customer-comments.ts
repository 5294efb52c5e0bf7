import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const listCustomerComments = defineTool({
  name: 'list_customer_comments',
  title: 'List customer comments',
  description: 'The internal comments on the customer with this phone, newest first.',
  kind: 'query',
  input: Type.Object({ phone: phoneArg(), ...PagingArgs }),
  handler: async ({ phone, limit, offset }, { services }) =>
    services.customerCommentsService.list(phone, { limit: limit!, offset: offset! }),
});
