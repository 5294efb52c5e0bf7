import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { CustomerOutput } from './outputs.js';

export const updateCustomer = defineTool({
  name: 'update_customer',
  title: 'Update customer',
  description:
    "Changes the customer's name or email (null clears). To join two numbers of one person use merge_customers.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: phoneArg(),
    name: Type.Optional(
      Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], {
        description: 'Full name; null clears it.',
      }),
    ),
    email: Type.Optional(
      Type.Union([Type.String({ format: 'email', maxLength: 254 }), Type.Null()], {
        description: 'Email address; null clears it.',
      }),
    ),
  }),
  output: Type.Object({ customer: CustomerOutput }),
  handler: async ({ phone, name, email }, { services }) => ({
    customer: await services.customersService.update(phone, { name, email }),
  }),
});
