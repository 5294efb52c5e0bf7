/** Why a browser's request is refused: the HTTP status and the `error` the widget shows a text for. */
export class VisitorRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
