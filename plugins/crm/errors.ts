import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** crm's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const crmErrors = defineErrors({
  conflict: {
    when: 'create_crm_customer with a number already in the CRM.',
    data: { field: '"whatsapp_number"', crm_customer_id: 'the record that has it' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'An invalid number, a bad custom field (name, type, too many), or get_crm_customer without exactly one of its keys.',
  ),
  invalid_state: invalidStateEntry('move_crm_customer_stage to the stage the record is already in.', {
    current_status: 'the current stage',
    allowed: 'the stages it can move to',
  }),
  not_found: notFoundEntry('Unknown crm_customer_id or number, also another shop’s.', '"crm customer"'),
});
