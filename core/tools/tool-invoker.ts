import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { ShopContext, ToolContext } from '../plugin/plugin-types.js';
import { describeErrors } from '../config/schema-errors.js';
import { JsonRpcError, RpcCode } from '../errors/json-rpc-error.js';
import { toToolFailure } from '../errors/map-error.js';
import type { ConfirmationGate } from '../confirmation/confirmation-gate.js';
import type { ToolRegistry } from './tool-registry.js';
import type { RegisteredTool } from './registered-tool.js';
import type { ShopScope } from './shop-scope.js';

export interface ToolOutcome {
  payload: Record<string, unknown>;
  isError: boolean;
}

export interface ExecuteHooks {
  before?: (ctx: ToolContext) => Promise<boolean>;
  after?: (ctx: ToolContext, payload: Record<string, unknown>) => Promise<void>;
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
  ) {}

  async call(shop: ShopContext, name: string, rawArgs: unknown, requestId: string): Promise<ToolOutcome> {
    const tool = this.registry.get(name);
    if (!tool) throw new JsonRpcError(RpcCode.INVALID_PARAMS, `Unknown tool: ${name}`);
    const args = rawArgs ?? {};
    if (!tool.validator.Check(args)) return invalidArguments(tool, args);
    const values = tool.hasDefaults
      ? (Value.Default(tool.inputSchema, structuredClone(args)) as Record<string, unknown>)
      : (args as Record<string, unknown>);
    try {
      if (tool.confirmation !== 'none') return await this.gate.handle(tool, shop, values, requestId);
      return { payload: (await this.execute(tool, shop, values, requestId))!, isError: false };
    } catch (err) {
      return { payload: toToolFailure(err, requestId, this.log), isError: true };
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
    hooks: ExecuteHooks = {},
  ): Promise<Record<string, unknown> | null> {
    return this.scope.run(
      shop,
      async (ctx) => {
        if (hooks.before && !(await hooks.before(ctx))) return null;
        const payload = { success: true, ...(await tool.definition.handler(handlerArgs(args), ctx)) };
        await hooks.after?.(ctx, payload);
        return payload;
      },
      { transactional: tool.definition.kind === 'mutation', group: tool.group, requestId },
    );
  }
}

function invalidArguments(tool: RegisteredTool, args: unknown): ToolOutcome {
  const errors = describeErrors(tool.validator.Errors(args));
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
