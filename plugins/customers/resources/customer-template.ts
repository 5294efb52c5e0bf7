import { completeText, defineResourceTemplate } from '../../../core/index.js';
import { Customer } from '../entities/customer.entity.js';

export const customerTemplate = defineResourceTemplate({
  uriTemplate: 'shop://customers/{phone}',
  name: 'Customer',
  description:
    'One customer by phone (international format, + written as is or as %2B), as get_customer shows it. phone completes from the shop’s customers.',
  mimeType: 'application/json',
  read: async ({ phone }, { services }) => ({ customer: await services.customersService.detail(phone!) }),
  complete: { phone: (typed, { em }) => completeText(em, Customer, 'phone', typed) },
});
