import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';

export const deleteCustomer = defineTool({
  name: 'delete_customer',
  title: 'Delete customer',
  description: 'Deletes the customer with this phone and its comments and tags; other records stay, unlinked.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ phone: phoneArg() }),
  output: Type.Object({ deleted: Type.Literal(true), id: Type.Integer(), phone: Type.String() }),
  handler: async ({ phone }, { services }) => services.customersService.delete(phone),
});
