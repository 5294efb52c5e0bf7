import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** storage's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const storageErrors = defineErrors({
  conflict: {
    when: 'delete_file on a file another group’s record uses.',
    data: { used_by: '[{ group, type, id }] of the records that use it' },
  },
  content_type_mismatch: {
    when: 'The bytes are another type than declared (a PNG declared as a PDF, a page declared as an image), or text that is not clean UTF-8.',
    data: { declared: 'the declared type', detected: 'the type the bytes are, or null' },
  },
  fetch_failed: {
    when: 'import_file_from_url got an HTTP error from the URL, or could not reach it (a name that does not resolve, a host that does not answer).',
    data: { http_status: 'the status it answered; null when it could not be reached' },
  },
  file_too_large: {
    when: 'Over the purpose’s limit for the type, over the size declared for an upload URL, or over maxBase64Bytes for base64.',
    data: { max_bytes: 'the limit', size_bytes: 'the file’s size, when known' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'A type the purpose does not take, invalid base64, an empty file, a filename that is a path, a text file without content_type, or nothing to change.',
  ),
  invalid_state: invalidStateEntry('A link or a reference asked for a file whose upload has not arrived (pending).'),
  not_found: notFoundEntry('Unknown file_id, also another shop’s.', '"file"'),
  quota_exceeded: {
    when: 'The new content does not fit in the shop’s storage quota.',
    data: { quota_bytes: 'the quota', used_bytes: 'stored now', size_bytes: 'this file' },
  },
  url_not_allowed: {
    when: 'import_file_from_url names a private, loopback or otherwise internal address (also after a redirect), or a scheme other than http(s).',
    data: { reason: 'why', host: 'the host refused, when one was' },
  },
});
