import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/** knowledge's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const knowledgeErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'A blank title or content, a valid_until that is not a future date-time, an update with nothing to change, an import that cannot be read, has more than 5,000 records or no valid one; a document given both or neither of content and file_id, a file that is not a document of purpose knowledge or docqa, a text with nothing to index or longer than 5 million characters.',
  ),
  not_found: notFoundEntry(
    'An unknown snippet, document, training suggestion or file, also another shop’s.',
    '"knowledge snippet", "knowledge document", "training suggestion" or "file"',
  ),
  invalid_state: invalidStateEntry(
    'Approving or rejecting a snippet that is not pending; editing, applying or dismissing a suggestion that is not open; a document from a file whose upload has not finished.',
  ),
  knowledge_document_limit_reached: {
    when: 'add_knowledge_document when the shop already has 1,000 documents; nothing is added. Retry after delete_knowledge_document.',
    data: { current_count: 'documents the shop has', max_allowed: '1000' },
  },
  group_not_enabled: groupNotEnabledEntry('file_id on a server without the storage group.', '"storage"'),
});
