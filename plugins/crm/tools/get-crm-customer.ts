import { invalidArguments, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CrmCustomerOutput } from './outputs.js';

export const getCrmCustomer = defineTool({
  name: 'get_crm_customer',
  title: 'Get CRM customer',
  description: 'One CRM customer, by crm_customer_id or whatsapp_number (exactly one).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    crm_customer_id: Type.Optional(Type.Integer({ minimum: 1 })),
    whatsapp_number: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'With + prefix.' })),
  }),
  output: Type.Object({ crm_customer: CrmCustomerOutput }),
  handler: async ({ crm_customer_id, whatsapp_number }, { services }) => {
    if ((crm_customer_id === undefined) === (whatsapp_number === undefined)) {
      throw invalidArguments('Give exactly one of crm_customer_id or whatsapp_number.', [
        {
          path: crm_customer_id === undefined ? '(root)' : 'whatsapp_number',
          message: 'give exactly one of crm_customer_id or whatsapp_number',
        },
      ]);
    }
    const crm =
      crm_customer_id !== undefined
        ? await services.crmCustomersService.get(crm_customer_id)
        : await services.crmCustomersService.getByNumber(whatsapp_number!);
    return { crm_customer: services.crmCustomersService.toPayload(crm) };
  },
});
