import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { CustomerOutput } from './outputs.js';

export const removeCustomerTag = defineTool({
  name: 'remove_customer_tag',
  title: 'Remove customer tag',
  description: 'Removes a tag (any case) from the customer with this phone.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: phoneArg(),
    tag_name: Type.String({ minLength: 1, maxLength: 50 }),
  }),
  output: Type.Object({ removed: Type.Literal(true), tag_name: Type.String(), customer: CustomerOutput }),
  handler: async ({ phone, tag_name }, { services }) => services.customerTagsService.remove(phone, tag_name),
});
