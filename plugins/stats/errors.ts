import { defineErrors, groupNotEnabledEntry, invalidArgumentsEntry } from '../../core/index.js';

/** stats' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const statsErrors = defineErrors({
  group_not_enabled: groupNotEnabledEntry(
    'A report whose data belongs to a group this server does not enable (messages, conversations and lines: whatsapp_ops; tickets; customers; agents; AI usage: prompt).',
    '"whatsapp_ops", "tickets", "customers", "agents" or "prompt"',
  ),
  invalid_arguments: invalidArgumentsEntry(
    'A custom period without both dates, dates that are not YYYY-MM-DD, date_to before date_from, or a range over maxRangeDays.',
  ),
});
