import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CrmCustomerOutput } from './outputs.js';

export const createCrmCustomer = defineTool({
  name: 'create_crm_customer',
  title: 'Create CRM customer',
  description:
    'Adds a WhatsApp number to the CRM at stage lead, linked to the customer record with that phone (created if missing). Set the other fields with update_crm_customer.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    whatsapp_number: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'International number with + prefix, e.g. +34600111222.',
    }),
  }),
  output: Type.Object({ crm_customer: CrmCustomerOutput }),
  handler: async ({ whatsapp_number }, { services }) => ({
    crm_customer: services.crmCustomersService.toPayload(await services.crmCustomersService.create(whatsapp_number)),
  }),
});
