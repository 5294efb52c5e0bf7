import { defineErrors, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';
import { aiErrorEntries } from '../prompt/surface.js';

/** ai_analysis's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const aiAnalysisErrors = defineErrors({
  ...aiErrorEntries,
  invalid_arguments: invalidArgumentsEntry(
    'A phone that is not a valid number; phone and text both or neither where exactly one is needed; date_to before date_from; a topic key used twice or a tag rule naming an unknown topic or intent; an update with nothing to change.',
  ),
  not_found: notFoundEntry(
    'A phone with no conversation in this shop, or a session that is not one of the shop’s lines (another shop’s too).',
    '"conversation"',
  ),
});
