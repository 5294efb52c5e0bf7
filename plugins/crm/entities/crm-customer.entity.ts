import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { CRM_STAGES, type CustomFields } from '../services/crm-fields.js';

/**
 * A contact in the shop's sales pipeline. It is the CRM side of the customer record with the same
 * phone (customers group): `customerId` links it, and `whatsappNumber` is that customer's phone.
 * One CRM record per customer and per number. `customerId` is null once the customer record was
 * deleted: the CRM record stays as a record of the deal.
 */
export const CrmCustomer = defineEntity({
  name: 'CrmCustomer',
  tableName: 'crm_customers',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    customerId: p.integer().nullable(),
    whatsappNumber: p.string().length(20),
    name: p.string().length(200).nullable(),
    email: p.string().length(254).nullable(),
    company: p.string().length(200).nullable(),
    notes: p.text().nullable(),
    stage: p.enum([...CRM_STAGES]),
    stageChangedAt: p.datetime().onCreate(() => new Date()),
    customFields: p.json<CustomFields>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'whatsappNumber'] }, { properties: ['shopId', 'customerId'] }],
});

export type CrmCustomer = InferEntity<typeof CrmCustomer>;
