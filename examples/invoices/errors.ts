import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from 'switchboard';

/** invoices' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const invoicesErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'A currency that is not ISO 4217, or a due date that is not a calendar date.',
  ),
  invalid_state: invalidStateEntry('mark_invoice_paid on an invoice that is already paid.', {
    allowed: '["open", "overdue"]',
  }),
  not_found: notFoundEntry('Unknown invoice_id, also another shop’s.', '"invoice"'),
});
