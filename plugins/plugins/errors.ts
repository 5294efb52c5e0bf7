import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** plugins' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const widgetErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'language_fixed without language_mode fixed (or fixed without language_fixed), a language outside es, en, de, fr, pt, it, hu, language_fixed missing from language_available, selector with fewer than two languages, an allowed_domains entry that is not a host or *.host, custom_css with a style tag, @import, script or a non-https url(), avatar_url not https, a blank display_name, note or message, add_docqa_file with both or neither of storage_file_id and text (or text without name), a phone without its international prefix, an update with nothing to change.',
  ),
  not_found: notFoundEntry(
    'An unknown widget conversation (session_id), document Q&A assistant or file, or a stored file given to add_docqa_file — also another shop’s.',
    '"widget session", "docqa assistant", "docqa file" or "file"',
  ),
  invalid_state: invalidStateEntry(
    'Replying in a closed conversation; rotating the verification secret of the product-question widget (only the chat widget verifies visitors).',
  ),
  docqa_assistant_limit_reached: {
    when: 'Creating a 21st document Q&A assistant in a shop.',
    data: { current_count: 'assistants now', max_allowed: '20' },
  },
  docqa_file_limit_reached: {
    when: 'Adding a 51st file to one assistant.',
    data: { current_count: 'files now', max_allowed: '50' },
  },
  knowledge_document_limit_reached: {
    when: 'add_docqa_file when the shop already has 1,000 documents (knowledge and assistants together).',
    data: { current_count: 'documents now', max_allowed: '1000' },
  },
  url_not_allowed: {
    when: 'avatar_url names a private, loopback, link-local or otherwise internal address, or a name that resolves to one (a name that does not resolve right now is saved, with a warning).',
    data: { reason: 'why', host: 'the host refused', address: 'the address it resolved to, when it did' },
  },
});
