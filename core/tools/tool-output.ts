import { Type, type TObject, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ConfirmationPolicy } from '../plugin/plugin-types.js';
import { describeErrors } from '../config/schema-errors.js';

/** The first answer of a confirmation-gated tool, as confirmation-gate.ts builds it. */
const PENDING = Type.Object(
  {
    success: Type.Literal(false),
    requires_confirmation: Type.Literal(true),
    confirmation_token: Type.String(),
    expires_at: Type.String({ format: 'date-time' }),
    summary: Type.String(),
    message: Type.String(),
    confirmation_url: Type.Optional(Type.String({ format: 'uri' })),
    invalidated_previous: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
const checkPending = Compile(PENDING);

/**
 * A failure (isError: true) as map-error.ts builds it. Published because clients check any
 * structuredContent they get against the schema, errors included (the official SDK does); the
 * details beside error_code and message depend on the code, so it stays open.
 */
const FAILURE = Type.Object(
  {
    success: Type.Literal(false),
    error_code: Type.String(),
    message: Type.String(),
  },
  { additionalProperties: true },
);

/**
 * A tool's output: what its successful result holds (the handler's fields plus `success: true`),
 * for a confirmation-gated tool the pending answer of its first call, and the failure shape. The
 * check (tools.checkOutput) holds successful and pending answers to their exact shapes.
 */
export class ToolOutput {
  readonly schema: TSchema;
  private readonly ok: TObject;
  /** Compiled at the first check: only tests and deployments with tools.checkOutput on check. */
  private checkOk?: ReturnType<typeof Compile>;

  constructor(
    output: TObject,
    private readonly confirmation: ConfirmationPolicy,
  ) {
    // Closed unless the author opened it: a field the schema does not name is drift to catch.
    this.ok = Type.Object(
      { success: Type.Literal(true), ...output.properties },
      { additionalProperties: (output as { additionalProperties?: unknown }).additionalProperties === true },
    );
    this.schema = { type: 'object', anyOf: confirmation === 'none' ? [this.ok, FAILURE] : [this.ok, PENDING, FAILURE] };
  }

  /**
   * What is wrong with a result the client is about to see, or [] when it matches. Checked as
   * JSON, the way the client receives it.
   */
  mismatches(payload: Record<string, unknown>): string[] {
    const seen: unknown = JSON.parse(JSON.stringify(payload));
    const pending = this.confirmation !== 'none' && payload.success === false;
    const validator = pending ? checkPending : (this.checkOk ??= Compile(this.ok));
    if (validator.Check(seen)) return [];
    return describeErrors(validator.Errors(seen)).map((e) => `${e.path} ${e.message}`);
  }
}
