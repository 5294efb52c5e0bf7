import { definePlugin } from '../../core/index.js';
import { Customer } from './entities/customer.entity.js';
import { CustomerComment } from './entities/customer-comment.entity.js';
import { CustomerTag } from './entities/customer-tag.entity.js';
import { CustomersInit } from './migrations/0001-init.js';
import { CustomersReadViews } from './migrations/0002-read-views.js';
import { CustomersByCreation } from './migrations/0003-by-creation.js';
import { CustomersTenantIndexesCovered } from './migrations/0004-tenant-indexes-covered.js';
import { CONTACT_NAMES_PORT, CustomersService } from './services/customers-service.js';
import { CustomerCommentsService } from './services/customer-comments-service.js';
import { CustomerTagsService } from './services/customer-tags-service.js';
import { CustomerMergeService } from './services/customer-merge-service.js';
import { addCustomerComment } from './tools/add-customer-comment.js';
import { addCustomerTag } from './tools/add-customer-tag.js';
import { mergeCustomers } from './tools/merge-customers.js';
import { searchCustomers } from './tools/search-customers.js';
import { getCustomer } from './tools/get-customer.js';
import { listCustomers } from './tools/list-customers.js';
import { updateCustomer } from './tools/update-customer.js';
import { deleteCustomer } from './tools/delete-customer.js';
import { listCustomerTags } from './tools/list-customer-tags.js';
import { removeCustomerTag } from './tools/remove-customer-tag.js';
import { listCustomerComments } from './tools/list-customer-comments.js';
import { customersErrors } from './errors.js';
import { customerTemplate } from './resources/customer-template.js';
import { answerCustomer } from './prompts/answer-customer.js';

/**
 * customers: the people a shop talks to, one record per phone (E.164), with internal comments and
 * tags. Other groups link their rows to a customer through `customersService` and follow merges
 * and deletions through the `customers.merged` and `customers.deleted` events.
 */
export default definePlugin({
  name: 'customers',
  version: '1.0.0',
  description: 'Customer records identified by phone: internal comments, tags, search, merge of duplicates.',
  kernel: '^1.0.0',
  servicePrefix: 'customer',
  ports: [CONTACT_NAMES_PORT],
  entities: [Customer, CustomerComment, CustomerTag],
  migrations: [
    { name: '0001-init', class: CustomersInit },
    { name: '0002-read-views', class: CustomersReadViews },
    { name: '0003-by-creation', class: CustomersByCreation },
    { name: '0004-tenant-indexes-covered', class: CustomersTenantIndexesCovered },
  ],
  readViews: {
    customers_view: 'The customer records: shop_id, id, phone (E.164), name, last_contact_at, created_at.',
    customer_tags_view: 'The tags on customers: shop_id, customer_id, name (as written; compare lower-cased).',
  },
  services: {
    customersService: CustomersService,
    customerCommentsService: CustomerCommentsService,
    customerTagsService: CustomerTagsService,
    customerMergeService: CustomerMergeService,
  },
  errors: customersErrors,
  resourceTemplates: [customerTemplate],
  prompts: [answerCustomer],
  tools: [
    addCustomerComment,
    addCustomerTag,
    mergeCustomers,
    searchCustomers,
    getCustomer,
    listCustomers,
    updateCustomer,
    deleteCustomer,
    listCustomerTags,
    removeCustomerTag,
    listCustomerComments,
  ],
  setup: ({ provide, has }) => {
    provide('customersNamesRegistered', has(CONTACT_NAMES_PORT));
  },
});
