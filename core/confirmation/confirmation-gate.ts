import type { CallReporter } from '../mcp/call-reporter.js';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ShopContext } from '../plugin/plugin-types.js';
import { toToolFailure } from '../errors/map-error.js';
import { redactArgs } from '../audit/secret-args.js';
import type { CallOrigin } from '../audit/audit-record.js';
import type { RegisteredTool } from '../tools/registered-tool.js';
import type { ToolInvoker, ToolOutcome } from '../tools/tool-invoker.js';
import { handlerArgs } from '../tools/handler-args.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { ShopScope } from '../tools/shop-scope.js';
import type { ConfirmationService } from './confirmation-service.js';
import type { PendingConfirmation } from './pending-confirmation.entity.js';
import type { Metrics } from '../metrics/metrics.js';

const PAGE: CallOrigin = { actor: 'confirmation_page', token: null };

export type PageOutcome =
  | { state: 'unknown' }
  | { state: 'expired' | 'executed' | 'rejected' | 'invalidated'; row: PendingConfirmation }
  | { state: 'pending' | 'just_rejected'; row: PendingConfirmation }
  | { state: 'done'; row: PendingConfirmation; payload: Record<string, unknown>; isError: boolean };

/**
 * The confirmation rule, enforced for every tool that declares a policy. Agent policy: a first
 * call describes, a second call with confirm: true and the same arguments executes once. User
 * policy: every call issues a fresh pending confirmation (invalidating earlier ones) that only a
 * person can approve, on the confirmation page.
 */
export class ConfirmationGate {
  private invoker!: ToolInvoker;

  constructor(
    private readonly orm: MikroORM,
    private readonly registry: ToolRegistry,
    private readonly scope: ShopScope,
    private readonly confirmations: ConfirmationService,
    private readonly baseUrl: () => string,
    private readonly metrics: Metrics,
  ) {}

  /** Wired after construction: the invoker and the gate call each other. */
  attach(invoker: ToolInvoker): void {
    this.invoker = invoker;
  }

  async handle(
    tool: RegisteredTool,
    shop: ShopContext,
    args: Record<string, unknown>,
    requestId: string,
    reporter: CallReporter | undefined,
    origin: CallOrigin,
  ): Promise<ToolOutcome> {
    const name = tool.definition.name;
    const arrivedAt = new Date();
    if (tool.confirmation === 'agent' && args.confirm === true) {
      const token = typeof args.confirmation_token === 'string' ? args.confirmation_token : undefined;
      const payload = await this.invoker.execute(
        tool,
        shop,
        args,
        requestId,
        {
          before: async ({ em }) =>
            (await this.confirmations.consumeForCall(em, name, args, token, arrivedAt)) !== null,
          after: (ctx) => this.invoker.audit.confirmation(tool, args, origin, requestId, ctx, 'approved'),
          reporter,
        },
        origin,
      );
      if (payload) {
        this.metrics.confirmation('agent', 'approved');
        return { payload, isError: false };
      }
    }
    const summary = await this.scope.run(
      shop,
      async (ctx) => {
        await tool.definition.precheck?.(handlerArgs(args), ctx);
        // The summary is shown and stored: it never sees a secret argument.
        return tool.definition.summary!(redactArgs(handlerArgs(args), tool.secretPaths), ctx);
      },
      { group: tool.group, requestId },
    );
    const policy = tool.confirmation as 'agent' | 'user';
    const issued = await this.scope.run(
      shop,
      async (ctx) => {
        const made = await this.confirmations.issue(ctx.em, name, policy, args, summary);
        await this.invoker.audit.confirmation(tool, args, origin, requestId, ctx, 'issued');
        return made;
      },
      { transactional: true },
    );
    this.metrics.confirmation(policy, 'issued');
    const common = {
      success: false,
      requires_confirmation: true,
      confirmation_token: issued.token,
      expires_at: issued.expiresAt.toISOString(),
      summary,
    };
    if (policy === 'agent') {
      return {
        isError: false,
        payload: {
          ...common,
          message: `Not executed yet. ${summary} To execute, call ${name} again with the same arguments and confirm: true.`,
        },
      };
    }
    const invalidated = issued.invalidatedPrevious > 0;
    return {
      isError: false,
      payload: {
        ...common,
        confirmation_url: `${this.baseUrl()}/confirmations/${issued.token}`,
        ...(invalidated && { invalidated_previous: issued.invalidatedPrevious }),
        message:
          (args.confirm === true
            ? `confirm: true does not execute ${name}: only the user can approve it, on the confirmation page. `
            : '') +
          (invalidated ? 'This call invalidated the earlier pending confirmation of this tool. ' : '') +
          `Not executed. ${summary} Ask the user to open confirmation_url and approve or reject it there. ` +
          `Stop now: do not call ${name} again — a repeated call invalidates this confirmation.`,
      },
    };
  }

  /** What the confirmation page shows for a token, before any button is pressed. */
  async inspect(token: string): Promise<PageOutcome> {
    const row = await this.confirmations.findByToken(this.orm.em, token);
    if (!row) return { state: 'unknown' };
    if (row.status !== 'pending') return { state: row.status, row };
    if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired', row };
    return { state: 'pending', row };
  }

  async approve(token: string, requestId: string): Promise<PageOutcome> {
    const seen = await this.inspect(token);
    if (seen.state !== 'pending') return seen;
    const { row } = seen;
    const tool = this.registry.get(row.tool);
    const shop = await this.scope.loadShop(row.shopId);
    if (!tool || !shop) return { state: 'invalidated', row };
    const args = this.confirmations.openArgs(row);
    const outcome = await this.runApproved(tool, shop, args, row.id, requestId);
    if (!outcome) return this.inspect(token);
    this.metrics.confirmation(row.policy, 'approved');
    return { state: 'done', row, ...outcome };
  }

  async reject(token: string, requestId: string): Promise<PageOutcome> {
    const seen = await this.inspect(token);
    if (seen.state !== 'pending') return seen;
    const shop = await this.scope.loadShop(seen.row.shopId);
    const tool = this.registry.get(seen.row.tool);
    const rejected =
      shop !== null &&
      (await this.scope.run(
        shop,
        async (ctx) => {
          const done = await this.confirmations.reject(ctx.em, seen.row.id);
          if (done && tool)
            await this.invoker.audit.confirmation(
              tool,
              this.confirmations.openArgs(seen.row),
              PAGE,
              requestId,
              ctx,
              'rejected',
            );
          return done;
        },
        { transactional: true },
      ));
    if (!rejected) return this.inspect(token);
    this.metrics.confirmation(seen.row.policy, 'rejected');
    return { state: 'just_rejected', row: seen.row };
  }

  private async runApproved(
    tool: RegisteredTool,
    shop: ShopContext,
    args: Record<string, unknown>,
    id: number,
    requestId: string,
  ) {
    try {
      const payload = await this.invoker.execute(
        tool,
        shop,
        args,
        requestId,
        {
          before: ({ em }) => this.confirmations.claim(em, id),
          after: async (ctx, result) => {
            await this.confirmations.recordResult(ctx.em, id, result);
            await this.invoker.audit.confirmation(tool, args, PAGE, requestId, ctx, 'approved');
          },
        },
        PAGE,
      );
      return payload && { payload, isError: false };
    } catch (err) {
      const failure = toToolFailure(err, requestId, this.scope.log) as Record<string, unknown>;
      await this.invoker.audit.failure(tool, shop, args, PAGE, requestId, failure);
      return { payload: failure, isError: true };
    }
  }
}
