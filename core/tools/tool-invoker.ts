import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopContext, ToolContext } from '../plugin/plugin-types.js';
import { describeErrors, type FieldError } from '../config/schema-errors.js';
import { nulCharacterErrors } from './nul-characters.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { toToolFailure } from '../errors/map-error.js';
import { ToolError } from '../errors/tool-error.js';
import type { ConfirmationGate } from '../confirmation/confirmation-gate.js';
import type { ToolRegistry } from './tool-registry.js';
import type { RegisteredTool } from './registered-tool.js';
import type { ShopScope } from './shop-scope.js';
import { originOf, type CallOrigin, type AuditRecord, type AuditSink } from '../audit/audit-record.js';
import { redactArgs, secretValues } from '../audit/secret-args.js';
import type { CallReporter, ReporterSource } from '../mcp/call-reporter.js';
import type { Metrics } from '../metrics/metrics.js';
import { grantRefusal, MAIN_TOKEN, type TokenGrant } from '../auth/token-grant.js';

export interface ToolOutcome {
  payload: Record<string, unknown>;
  isError: boolean;
}

export interface ExecuteHooks {
  before?: (ctx: ToolContext) => Promise<boolean>;
  after?: (ctx: ToolContext, payload: Record<string, unknown>) => Promise<void>;
  /** Where the handler's progress and client log messages go. */
  reporter?: CallReporter;
}

const CONTROL_ARGS = ['action', 'confirm', 'confirmation_token'];

/** What a handler receives: its own arguments, without the kernel's control arguments. */
export function handlerArgs(args: Record<string, unknown>): Record<string, unknown> {
  const out = { ...args };
  for (const key of CONTROL_ARGS) delete out[key];
  return out;
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
    /** The groups' audit sinks, told of every mutation. */
    private readonly sinks: readonly AuditSink[],
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
  ): Promise<ToolOutcome> {
    const tool = this.registry.get(name);
    if (!tool) throw new JsonRpcError(RpcCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    const started = performance.now();
    const outcome = await this.answer(tool, shop, rawArgs ?? {}, requestId, stream, grant);
    const { payload } = outcome;
    const failed = outcome.isError || (payload.success === false && payload.requires_confirmation !== true);
    this.metrics.toolCall(
      name,
      failed ? 'failed' : payload.requires_confirmation === true ? 'confirmation_required' : 'success',
      failed ? String(payload.error_code ?? 'internal_error') : '',
      (performance.now() - started) / 1000,
    );
    return outcome;
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
      await this.recordFailure(tool, shop, args as Record<string, unknown>, origin, requestId, payload);
      return { payload, isError: true };
    }
    const errors = argumentErrors(tool, args);
    if (errors.length > 0) {
      const refused = invalidArguments(tool, errors);
      await this.recordFailure(tool, shop, args as Record<string, unknown>, origin, requestId, refused.payload);
      return refused;
    }
    const values = tool.hasDefaults
      ? (Value.Default(tool.inputSchema, structuredClone(args)) as Record<string, unknown>)
      : (args as Record<string, unknown>);
    const reporter = stream?.reporter(tool.group, secretValues(values, tool.secretPaths));
    try {
      if (tool.confirmation === 'none')
        return { payload: (await this.execute(tool, shop, values, requestId, { reporter }, origin))!, isError: false };
      const outcome = await this.gate.handle(tool, shop, values, requestId, reporter, origin);
      if (!outcome.isError) this.check(tool, outcome.payload);
      return outcome;
    } catch (err) {
      const payload = toToolFailure(err, requestId, this.log);
      await this.recordFailure(tool, shop, values, origin, requestId, payload);
      return { payload, isError: true };
    }
  }

  /**
   * Runs the handler. Hooks run in the same unit of work: `before` may veto (a confirmation that
   * was already used → null), `after` records the outcome; all of it commits or rolls back as one.
   */
  async execute(
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
        await this.record(tool, args, origin, requestId, ctx, null);
        await hooks.after?.(ctx, payload);
        return payload;
      },
      { transactional: tool.definition.kind === 'mutation', group: tool.group, requestId, reporter: hooks.reporter },
    );
  }

  /**
   * A mutation that failed, told to the audit sinks in a transaction of its own (the call's rolled
   * back). A sink that fails here is logged: the caller gets the call's own failure.
   */
  async recordFailure(
    tool: RegisteredTool,
    shop: ShopContext,
    args: Record<string, unknown>,
    origin: CallOrigin,
    requestId: string,
    failure: Record<string, unknown>,
  ): Promise<void> {
    if (tool.definition.kind !== 'mutation' || this.sinks.length === 0) return;
    try {
      await this.scope.run(
        shop,
        (ctx) => this.record(tool, args, origin, requestId, ctx, String(failure.error_code ?? 'internal_error')),
        { transactional: true, requestId },
      );
    } catch (err) {
      this.log.error({ err, requestId, tool: tool.definition.name }, 'audit of a failed call failed');
    }
  }

  /** errorCode null: a success, reported inside the call's own unit of work. */
  private async record(
    tool: RegisteredTool,
    args: Record<string, unknown>,
    origin: CallOrigin,
    requestId: string,
    ctx: Pick<ToolContext, 'shop' | 'em'>,
    errorCode: string | null,
  ): Promise<void> {
    if (tool.definition.kind !== 'mutation' || this.sinks.length === 0) return;
    const record: AuditRecord = {
      tool: tool.definition.name,
      group: tool.group,
      actor: origin.actor,
      token: origin.token,
      arguments: redactArgs(handlerArgs(args), tool.secretPaths),
      outcome: errorCode === null ? 'success' : 'failure',
      error_code: errorCode,
      request_id: requestId,
      at: new Date().toISOString(),
    };
    for (const sink of this.sinks) await sink(record, { shop: ctx.shop, em: ctx.em });
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
 * What is wrong with a call's arguments, by field: the input schema (with the kernel's integer
 * bounds), and NUL characters in any string, which PostgreSQL cannot store. Empty when they are fine.
 */
export function argumentErrors(tool: RegisteredTool, args: unknown): FieldError[] {
  const nul = nulCharacterErrors(args);
  if (tool.validator.Check(args)) return nul;
  return [...nul, ...describeErrors(tool.validator.Errors(args))];
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
