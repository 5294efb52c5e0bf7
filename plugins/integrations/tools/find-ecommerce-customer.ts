import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { customerPayload } from '../services/payloads.js';
import { customerKeyArgs } from './args.js';
import { CustomerOutput, PlatformArg } from './outputs.js';

export const findEcommerceCustomer = defineTool({
  name: 'find_ecommerce_customer',
  title: 'Find storefront customer',
  description:
    'Looks a customer up in the store now by phone or email (exact match; phones in international or national form). Uses the enabled connection unless platform_type names another.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ ...customerKeyArgs, platform_type: Type.Optional(PlatformArg) }),
  output: Type.Object({ platform_type: PlatformArg, customers: Type.Array(CustomerOutput), count: Type.Integer() }),
  handler: async ({ phone, email, platform_type }, { services }) => {
    const { platform, customers } = await services.ecommerceLookups.findCustomers({ phone, email }, platform_type);
    return { platform_type: platform, customers: customers.map(customerPayload), count: customers.length };
  },
});
