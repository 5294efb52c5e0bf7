import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/** support's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const supportErrors = defineErrors({
  group_not_enabled: groupNotEnabledEntry('file_ids on a server without the storage group.', '"storage"'),
  invalid_arguments: invalidArgumentsEntry('A blank subject, description, message or query.'),
  invalid_state: invalidStateEntry(
    'Replying to or closing a closed support ticket; attaching a file whose upload URL was never used.',
    { action: 'the refused action: reply or close (absent for a file)' },
  ),
  not_found: notFoundEntry(
    'Unknown support ticket (also another shop’s), help article, or attached file (also another shop’s).',
    '"support_ticket", "article" or "file"',
  ),
});
