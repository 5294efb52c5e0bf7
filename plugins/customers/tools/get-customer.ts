import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { CustomerDetailOutput } from './outputs.js';

export const getCustomer = defineTool({
  name: 'get_customer',
  title: 'Get customer',
  description: 'The customer with this phone: name, email, tags and the 5 latest comments.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ phone: phoneArg() }),
  output: Type.Object({ customer: CustomerDetailOutput }),
  handler: async ({ phone }, { services }) => ({ customer: await services.customersService.detail(phone) }),
});
