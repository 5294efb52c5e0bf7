import { definePlugin } from '../../core/index.js';
import { CrmCustomer } from './entities/crm-customer.entity.js';
import { CrmInit } from './migrations/0001-init.js';
import { CrmReadViews } from './migrations/0002-read-views.js';
import { CrmFieldDefinitions } from './migrations/0003-field-definitions.js';
import { CrmTenantIndexesCovered } from './migrations/0004-tenant-indexes-covered.js';
import { CrmFieldDefinition } from './entities/crm-field-definition.entity.js';
import { CrmFieldDefinitionsService } from './services/field-definitions-service.js';
import { CrmCustomersService } from './services/crm-customers-service.js';
import { createCrmCustomer } from './tools/create-crm-customer.js';
import { listCrmCustomers } from './tools/list-crm-customers.js';
import { getCrmCustomer } from './tools/get-crm-customer.js';
import { updateCrmCustomer } from './tools/update-crm-customer.js';
import { moveCrmCustomerStage } from './tools/move-crm-customer-stage.js';
import { deleteCrmCustomer } from './tools/delete-crm-customer.js';
import { crmErrors } from './errors.js';

/**
 * crm: a light sales pipeline over the customer records. Each CRM customer is the CRM side of the
 * customer with the same phone, with a stage, contact details, notes and custom fields. It follows
 * the customer through merges and deletions. Custom fields may be given types (definitions, managed
 * by the advanced group's tools), which every write is then checked against.
 */
export default definePlugin({
  name: 'crm',
  version: '1.0.0',
  description:
    'A light CRM over customer records: pipeline stages, contact details, notes and custom fields by WhatsApp number.',
  kernel: '^1.0.0',
  dependencies: ['customers'],
  entities: [CrmCustomer, CrmFieldDefinition],
  migrations: [
    { name: '0001-init', class: CrmInit },
    { name: '0002-read-views', class: CrmReadViews },
    { name: '0003-field-definitions', class: CrmFieldDefinitions },
    { name: '0004-tenant-indexes-covered', class: CrmTenantIndexesCovered },
  ],
  readViews: {
    crm_customers_view:
      'The CRM records: shop_id, customer_id (null once the customer was deleted), whatsapp_number, name, stage.',
  },
  services: { crmCustomersService: CrmCustomersService, crmFieldDefinitions: CrmFieldDefinitionsService },
  errors: crmErrors,
  tools: [
    createCrmCustomer,
    listCrmCustomers,
    getCrmCustomer,
    updateCrmCustomer,
    moveCrmCustomerStage,
    deleteCrmCustomer,
  ],
  on: {
    'customers.merged': (event, ctx) => ctx.services.crmCustomersService.followMerge(event),
    'customers.deleted': (event, ctx) => ctx.services.crmCustomersService.followDeletion(event),
  },
});
