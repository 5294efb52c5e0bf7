import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CustomFieldsPatchSchema } from '../services/crm-fields.js';
import { CrmCustomerOutput } from './outputs.js';

const clearable = (schema: ReturnType<typeof Type.String>) => Type.Optional(Type.Union([schema, Type.Null()]));

export const updateCrmCustomer = defineTool({
  name: 'update_crm_customer',
  title: 'Update CRM customer',
  description:
    'Changes a CRM customer (a blank value clears too). custom_fields sets or (null) removes named fields and keeps the others. Stage changes with move_crm_customer_stage.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    crm_customer_id: Type.Integer({ minimum: 1 }),
    name: clearable(Type.String({ maxLength: 200 })),
    email: clearable(Type.String({ format: 'email', maxLength: 254 })),
    company: clearable(Type.String({ maxLength: 200 })),
    notes: clearable(Type.String({ maxLength: 10000 })),
    custom_fields: Type.Optional(CustomFieldsPatchSchema),
  }),
  output: Type.Object({ crm_customer: CrmCustomerOutput }),
  handler: async ({ crm_customer_id, ...fields }, { services }) => ({
    crm_customer: services.crmCustomersService.toPayload(
      await services.crmCustomersService.update(crm_customer_id, fields),
    ),
  }),
});
