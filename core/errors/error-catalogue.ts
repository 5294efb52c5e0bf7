/**
 * Error catalogues: every error_code a group's tools answer with, when it happens and the fields
 * its details carry. Each group declares one (`errors` in its manifest, from its errors.ts); the
 * README's error section is generated from it (`npm run docs:errors`) and a contract test fails
 * on a code a group throws without cataloguing it.
 */
export interface ErrorEntry {
  /** When the code is answered, in this group's terms. */
  when: string;
  /** The detail fields beside error_code and message: field → what it holds. */
  data?: Record<string, string>;
}

export type ErrorCatalogue = Readonly<Record<string, ErrorEntry>>;

/** Checked at compile time: codes are snake_case keys, each with its `when`. */
export const defineErrors = <C extends Record<string, ErrorEntry>>(catalogue: C): C => catalogue;

/*
 * Entries for the codes the kernel's shorthands throw (tool-error.ts: invalidArguments, notFound,
 * invalidState, groupNotEnabled). Their detail fields are the shorthand's, so they are written
 * here once; a group says when it answers the code and what the values are in its terms.
 */

export const invalidArgumentsEntry = (
  when: string,
  errors = '[{ path, message }], one per failing field',
): ErrorEntry => ({
  when,
  data: { errors },
});

/** `resource`: the names the group passes to notFound(), e.g. '"agent"'. */
export const notFoundEntry = (when: string, resource: string): ErrorEntry => ({ when, data: { resource } });

/** `data` replaces or adds to the two fields invalidState() callers give: current_status and allowed. */
export const invalidStateEntry = (when: string, data: Record<string, string> = {}): ErrorEntry => ({
  when,
  data: { current_status: 'the status now', allowed: 'the statuses the action is allowed from', ...data },
});

/** `group`: the optional dependency the call needs, e.g. '"agents"'. */
export const groupNotEnabledEntry = (when: string, group: string): ErrorEntry => ({ when, data: { group } });

/**
 * Codes the kernel answers for any tool, whatever its group: a call that does not match the
 * tool's input schema, and a failure nobody foresaw. Group catalogues need not repeat them.
 */
export const KERNEL_TOOL_ERRORS = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'The arguments do not match the tool’s input schema (every failing field is listed).',
  ),
  internal_error: {
    when: 'Something failed that the caller cannot fix; the message carries the request id the log has.',
  },
  tool_not_in_scope: {
    when: 'The tool belongs to a group the token, or the group-subset URL it was called on, does not include.',
  },
  token_read_only: {
    when: 'The tool changes data and the token is read-only.',
  },
  confirmation_declined: {
    when: 'A confirmed tool: the user, asked through the client (elicitation), declined; nothing ran.',
  },
  confirmation_unanswered: {
    when: 'A confirmed tool: the user, asked through the client (elicitation), did not answer in time; nothing ran.',
  },
});
