/**
 * Why a group's public route (a widget's, a call button's) refuses a browser: the HTTP status, the
 * `error` the page shows a text for, and details (a rate limit's retry_after_seconds). The route
 * answers it as JSON `{ error, message, …details }`.
 */
export class PublicRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
