import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** crm's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const crmErrors = defineErrors({
  conflict: {
    when: 'create_crm_customer with a number already in the CRM; a custom field definition whose key is already defined.',
    data: {
      field: '"whatsapp_number" or "key"',
      crm_customer_id: 'the record that has the number',
      definition_id: 'the definition that has the key',
    },
  },
  invalid_arguments: invalidArgumentsEntry(
    'An invalid number, a bad custom field (name, type, too many, or a value its definition refuses: each at its path), or get_crm_customer without exactly one of its keys.',
  ),
  invalid_state: invalidStateEntry(
    'move_crm_customer_stage to the stage the record is already in; changing the type of a field definition that records already have values for.',
    {
      current_status: 'the current stage',
      allowed: 'the stages it can move to',
      action: '"change_type"',
      values: 'how many records have a value',
    },
  ),
  not_found: notFoundEntry(
    'Unknown crm_customer_id, number or field definition, also another shop’s.',
    '"crm customer" or "crm_field_definition"',
  ),
});
