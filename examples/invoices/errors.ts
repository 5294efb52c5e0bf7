import { defineErrors } from 'switchboard';

/** invoices' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const invoicesErrors = defineErrors({
  invalid_arguments: {
    when: 'A currency that is not ISO 4217, or a due date that is not a calendar date.',
    data: { errors: '[{ path, message }]' },
  },
  invalid_state: {
    when: 'mark_invoice_paid on an invoice that is already paid.',
    data: { current_status: 'the status now', allowed: '["open", "overdue"]' },
  },
  not_found: {
    when: 'Unknown invoice_id, also another shop’s.',
    data: { resource: '"invoice"' },
  },
});
