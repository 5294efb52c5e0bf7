import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopContext, ToolContext } from '../plugin/plugin-types.js';
import { describeErrors, type FieldError } from '../config/schema-errors.js';
import { unstorableTextErrors } from './unstorable-text.js';
import { MAX_NESTING, tooDeepAt } from '../util/nesting.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { toToolFailure } from '../errors/map-error.js';
import { ToolError } from '../errors/tool-error.js';
import type { ConfirmationGate } from '../confirmation/confirmation-gate.js';
import type { ToolRegistry } from './tool-registry.js';
import type { RegisteredTool } from './registered-tool.js';
import type { ShopScope } from './shop-scope.js';
import { originOf, type CallOrigin } from '../audit/audit-record.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import { handlerArgs } from './handler-args.js';
import { secretValues } from '../audit/secret-args.js';
import type { CallReporter, ReporterSource } from '../mcp/call-reporter.js';
import type { Metrics } from '../metrics/metrics.js';
import { noClient, type ClientRequests } from '../mcp/client-requests.js';
import { grantRefusal, MAIN_TOKEN, type TokenGrant } from '../auth/token-grant.js';

export interface ToolOutcome {
  payload: Record<string, unknown>;
  isError: boolean;
}

/** A call's outcome with how it ended: `ok`, `confirmation_required`, or the error_code it failed with. */
export interface CalledTool extends ToolOutcome {
  ended: string;
}

export interface ExecuteHooks {
  before?: (ctx: ToolContext) => Promise<boolean>;
  after?: (ctx: ToolContext, payload: Record<string, unknown>) => Promise<void>;
  /** Where the handler's progress and client log messages go. */
  reporter?: CallReporter;
  /** What the handler may ask the call's client. */
  client?: ClientRequests;
}

/**
 * The invoke pipeline, after authentication: resolve → validate → confirmation gate → handler in
 * a shop-scoped unit of work (one transaction for mutations) → shape → map errors.
 */
export class ToolInvoker {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly scope: ShopScope,
    private readonly gate: ConfirmationGate,
    private readonly log: FastifyBaseLogger,
    /** Check every answer against the tool's output schema (config tools.checkOutput; tests turn it on). */
    private readonly checkOutput = false,
    /** The groups' audit sinks, told of every mutation and confirmation event. */
    readonly audit: AuditTrail,
    private readonly metrics: Metrics,
  ) {}

  /** `stream`: the request's stream, when the client can hear progress and log messages. */
  async call(
    shop: ShopContext,
    name: string,
    rawArgs: unknown,
    requestId: string,
    stream?: ReporterSource,
    grant: TokenGrant = MAIN_TOKEN,
  ): Promise<CalledTool> {
    const tool = this.registry.get(name);
    if (!tool) throw new JsonRpcError(RpcCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    const started = performance.now();
    const outcome = await this.answer(tool, shop, rawArgs ?? {}, requestId, stream, grant);
    const { payload } = outcome;
    const failed = outcome.isError || (payload.success === false && payload.requires_confirmation !== true);
    const errorCode = failed ? String(payload.error_code ?? 'internal_error') : '';
    const asked = !failed && payload.requires_confirmation === true;
    this.metrics.toolCall(
      name,
      failed ? 'failed' : asked ? 'confirmation_required' : 'success',
      errorCode,
      (performance.now() - started) / 1000,
    );
    return { ...outcome, ended: failed ? errorCode : asked ? 'confirmation_required' : 'ok' };
  }

  private async answer(
    tool: RegisteredTool,
    shop: ShopContext,
    args: unknown,
    requestId: string,
    stream: ReporterSource | undefined,
    grant: TokenGrant,
  ): Promise<ToolOutcome> {
    const refusal = grantRefusal(grant, {
      name: tool.definition.name,
      group: tool.group,
      mutation: tool.definition.kind === 'mutation',
    });
    const origin = originOf(grant.name);
    if (refusal) {
      const payload = { success: false, ...refusal };
      await this.audit.failure(tool, shop, args as Record<string, unknown>, origin, requestId, payload, false);
      return { payload, isError: true };
    }
    const errors = argumentErrors(tool, args);
    if (errors.length > 0) {
      const refused = invalidArguments(tool, errors);
      await this.audit.failure(tool, shop, args as Record<string, unknown>, origin, requestId, refused.payload, false);
      return refused;
    }
    const values = tool.hasDefaults
      ? (Value.Default(tool.inputSchema, structuredClone(args)) as Record<string, unknown>)
      : (args as Record<string, unknown>);
    const reporter = stream?.reporter(tool.group, secretValues(values, tool.secretPaths));
    const client = stream?.client ?? noClient;
    try {
      if (tool.confirmation === 'none')
        return {
          payload: (await this.execute(tool, shop, values, requestId, { reporter, client }, origin))!,
          isError: false,
        };
      const outcome = await this.gate.handle(tool, shop, values, requestId, { reporter, client }, origin);
      if (!outcome.isError) this.check(tool, outcome.payload);
      return outcome;
    } catch (err) {
      const payload = toToolFailure(err, requestId, this.log);
      await this.audit.failure(tool, shop, values, origin, requestId, payload);
      return { payload, isError: true };
    }
  }

  /**
   * Runs the handler. Hooks run in the same unit of work: `before` may veto (a confirmation that
   * was already used → null), `after` records the outcome; all of it commits or rolls back as one.
   * Not async: it hands on the unit of work's promise rather than wrap it in one more.
   */
  execute(
    tool: RegisteredTool,
    shop: ShopContext,
    args: Record<string, unknown>,
    requestId: string,
    hooks: ExecuteHooks,
    origin: CallOrigin,
  ): Promise<Record<string, unknown> | null> {
    return this.scope.run(
      shop,
      async (ctx) => {
        if (hooks.before && !(await hooks.before(ctx))) return null;
        const payload = { success: true, ...(await tool.definition.handler(handlerArgs(args), ctx)) };
        // Inside the unit of work, so a result that breaks its schema leaves nothing written.
        this.check(tool, payload);
        // A query has no audit line: it opens no transaction (an empty BEGIN/COMMIT per call was
        // most of a ping's cost).
        if (tool.definition.kind === 'mutation' || hooks.after)
          await ctx.transaction(async (tx) => {
            await this.audit.success(tool, args, origin, requestId, tx, payload);
            await hooks.after?.(tx, payload);
          });
        return payload;
      },
      {
        transactional: tool.definition.kind === 'mutation' && tool.definition.transactional !== false,
        group: tool.group,
        requestId,
        reporter: hooks.reporter,
        client: hooks.client,
      },
    );
  }

  private check(tool: RegisteredTool, payload: Record<string, unknown>): void {
    if (!this.checkOutput) return;
    const problems = tool.output.mismatches(payload);
    if (problems.length === 0) return;
    throw new ToolError(
      'internal_error',
      `The result of ${tool.definition.name} does not match its output schema: ${problems.join('; ')}.`,
      { output_errors: problems },
    );
  }
}

/**
 * What is wrong with a call's arguments, by field: nesting deeper than MAX_NESTING (checked first,
 * without recursing, so that nothing after it can run out of stack), text PostgreSQL cannot store
 * anywhere (NUL, lone surrogates), and the input schema (with the kernel's integer bounds). Empty
 * when they are fine.
 */
export function argumentErrors(tool: RegisteredTool, args: unknown): FieldError[] {
  const deep = tooDeepAt(args);
  if (deep !== undefined)
    return [{ path: deep, message: `nests deeper than the ${MAX_NESTING} levels arguments may have` }];
  const text = unstorableTextErrors(args);
  if (tool.validator.Check(args)) return text;
  return [...text, ...describeErrors(tool.validator.Errors(args))];
}

function invalidArguments(tool: RegisteredTool, errors: FieldError[]): ToolOutcome {
  return {
    isError: true,
    payload: {
      success: false,
      error_code: 'invalid_arguments',
      message: `Invalid arguments for ${tool.definition.name}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
      errors,
    },
  };
}
