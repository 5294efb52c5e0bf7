/**
 * The one error a tool handler or service throws to answer a call with a failure the caller can
 * act on. `code` is a stable snake_case error_code; `details` are merged into the payload (for
 * example current_count and max_allowed for agent_limit_reached).
 */
export class ToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** Shorthands for the codes every group uses, so spelling never drifts between groups. */
export const notFound = (what: string, id: unknown) =>
  new ToolError('not_found', `${what} ${JSON.stringify(id)} was not found`, { resource: what });

export const invalidState = (message: string, details: Record<string, unknown> = {}) =>
  new ToolError('invalid_state', message, details);

export const invalidArguments = (message: string, errors: { path: string; message: string }[] = []) =>
  new ToolError('invalid_arguments', message, { errors });

/** A call that needs a group this server does not enable (an optional dependency). */
export const groupNotEnabled = (group: string, message: string) =>
  new ToolError('group_not_enabled', message, { group });
