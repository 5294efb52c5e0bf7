import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { CommentOutput, OwnerFields } from './outputs.js';

export const listCustomerComments = defineTool({
  name: 'list_customer_comments',
  title: 'List customer comments',
  description: 'The internal comments on the customer with this phone, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ phone: phoneArg(), ...PagingArgs }),
  output: pageOutput('comments', CommentOutput, OwnerFields),
  handler: async ({ phone, limit, offset }, { services }) =>
    services.customerCommentsService.list(phone, { limit: limit!, offset: offset! }),
});
