import type { CallReporter } from '../mcp/call-reporter.js';
import { ClientRequestError, type ClientRequests } from '../mcp/client-requests.js';
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
import { hashConfirmationToken, type ConfirmationService } from './confirmation-service.js';
import type { PendingConfirmation } from './pending-confirmation.entity.js';
import type { Metrics } from '../metrics/metrics.js';
import { elicitationTopic, type SessionNotices } from '../mcp/session-notices.js';

const PAGE: CallOrigin = { actor: 'confirmation_page', token: null };

/** Where a call's messages go and what it may ask its client. */
export interface CallChannel {
  reporter?: CallReporter;
  client: ClientRequests;
}

/** What the person answered in the client's form; `unavailable`: the client could not ask after all. */
type PersonsAnswer = 'confirmed' | 'declined' | 'unanswered' | 'unavailable';

/** The call being gated, as the gate's steps after the first pass it on. */
interface GatedCall {
  tool: RegisteredTool;
  shop: ShopContext;
  args: Record<string, unknown>;
  requestId: string;
}

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
 *
 * When the client declared elicitation, the person is asked through the client instead: an agent
 * tool asks with a form in the middle of the call and the answer decides (the model's
 * confirm: true alone never executes for such a client); a user tool sends the person to the
 * confirmation page (URL mode). A client that then fails to ask falls back to the flow above.
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
    private readonly notices: SessionNotices,
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
    channel: CallChannel,
    origin: CallOrigin,
  ): Promise<ToolOutcome> {
    const { reporter, client } = channel;
    const name = tool.definition.name;
    const arrivedAt = new Date();
    const asksPerson = tool.confirmation === 'agent' && client.elicitsForm;
    if (tool.confirmation === 'agent' && args.confirm === true && !asksPerson) {
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
    if (asksPerson) {
      const answer = await this.askPerson(tool, summary, client);
      if (answer !== 'unavailable')
        return this.settlePersonsAnswer({ tool, shop, args, requestId }, channel, origin, answer);
    }
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
    const confirmationUrl = `${this.baseUrl()}/confirmations/${issued.token}`;
    const onPage = (message: string) => ({
      isError: false,
      payload: {
        ...common,
        confirmation_url: confirmationUrl,
        ...(invalidated && { invalidated_previous: issued.invalidatedPrevious }),
        message: `${message} Stop now: do not call ${name} again — a repeated call invalidates this confirmation.`,
      },
    });
    if (client.elicitsUrl) {
      const sent = await this.sendToPage(
        { tool, shop, args, requestId },
        summary,
        confirmationUrl,
        issued.token,
        client,
      );
      if (sent === 'opened')
        return onPage(
          `Not executed yet. ${summary} The user opened the confirmation page from their client and approves or rejects it there; ` +
            `the client is told when they have (notifications/elicitation/complete).`,
        );
      if (sent) return sent;
    }
    return onPage(
      (args.confirm === true
        ? `confirm: true does not execute ${name}: only the user can approve it, on the confirmation page. `
        : '') +
        (invalidated ? 'This call invalidated the earlier pending confirmation of this tool. ' : '') +
        `Not executed. ${summary} Ask the user to open confirmation_url and approve or reject it there.`,
    );
  }

  /**
   * Asks the person in the client's form whether to go ahead. Declining, cancelling or leaving the
   * box unticked is a no; no answer by the deadline (or a call given up) is `unanswered`; a client
   * that declared elicitation but cannot ask (an error answer) is `unavailable`, and the call falls
   * back to the model's confirmation.
   */
  private async askPerson(tool: RegisteredTool, summary: string, client: ClientRequests): Promise<PersonsAnswer> {
    try {
      const answer = await client.elicit({
        message: `${tool.definition.title}: ${summary} Go ahead?`,
        requestedSchema: {
          type: 'object',
          properties: {
            confirm: {
              type: 'boolean',
              title: 'Yes, do it',
              description: `Tick to let ${tool.definition.name} run as described.`,
              default: false,
            },
          },
          required: ['confirm'],
        },
      });
      return answer.action === 'accept' && answer.content?.confirm === true ? 'confirmed' : 'declined';
    } catch (err) {
      if (!(err instanceof ClientRequestError)) throw err;
      return err.reason === 'timeout' || err.reason === 'cancelled' ? 'unanswered' : 'unavailable';
    }
  }

  /** Runs the call the person confirmed, or answers why it did not run; the audit names the person's answer. */
  private async settlePersonsAnswer(
    { tool, shop, args, requestId }: GatedCall,
    channel: CallChannel,
    origin: CallOrigin,
    answer: Exclude<PersonsAnswer, 'unavailable'>,
  ): Promise<ToolOutcome> {
    const person: CallOrigin = { actor: 'elicitation', token: origin.token };
    const name = tool.definition.name;
    if (answer === 'confirmed') {
      const payload = await this.invoker.execute(
        tool,
        shop,
        args,
        requestId,
        {
          after: (ctx) => this.invoker.audit.confirmation(tool, args, person, requestId, ctx, 'approved'),
          ...channel,
        },
        person,
      );
      this.metrics.confirmation('agent', 'approved');
      return { payload: payload!, isError: false };
    }
    if (answer === 'declined') {
      await this.scope.run(
        shop,
        (ctx) => this.invoker.audit.confirmation(tool, args, person, requestId, ctx, 'rejected'),
        {
          transactional: true,
        },
      );
      this.metrics.confirmation('agent', 'rejected');
      return {
        isError: true,
        payload: {
          success: false,
          error_code: 'confirmation_declined',
          message: `Not executed: the user declined ${name} when asked. Do not call it again unless they ask you to.`,
        },
      };
    }
    return {
      isError: true,
      payload: {
        success: false,
        error_code: 'confirmation_unanswered',
        message: `Not executed: the user did not answer the confirmation of ${name} in time. Call it again when they are ready.`,
      },
    };
  }

  /**
   * A user tool: sends the person to the confirmation page through the client (URL elicitation).
   * Declining there rejects the confirmation; otherwise the page decides, as without elicitation.
   * `opened`: the person accepted and went to the page. Null when the client could not ask or the
   * person dismissed the question: the usual answer (the URL for the model to pass on) follows.
   */
  private async sendToPage(
    { tool, shop, args, requestId }: GatedCall,
    summary: string,
    url: string,
    token: string,
    client: ClientRequests,
  ): Promise<ToolOutcome | 'opened' | null> {
    let action: string;
    try {
      ({ action } = await client.elicit({
        mode: 'url',
        message: `${tool.definition.title}: ${summary} Approve or reject it on the confirmation page.`,
        url,
        elicitationId: hashConfirmationToken(token),
      }));
    } catch (err) {
      if (!(err instanceof ClientRequestError)) throw err;
      return null;
    }
    const name = tool.definition.name;
    if (action === 'accept') return 'opened';
    if (action === 'decline') {
      const seen = await this.inspect(token);
      if (seen.state === 'pending')
        await this.scope.run(
          shop,
          async (ctx) => {
            if (await this.confirmations.reject(ctx.em, seen.row.id))
              await this.invoker.audit.confirmation(
                tool,
                args,
                { actor: 'elicitation', token: null },
                requestId,
                ctx,
                'rejected',
              );
          },
          { transactional: true },
        );
      this.metrics.confirmation('user', 'rejected');
      return {
        isError: true,
        payload: {
          success: false,
          error_code: 'confirmation_declined',
          message: `Not executed: the user declined to open the confirmation page of ${name}. Do not call it again unless they ask you to.`,
        },
      };
    }
    return null;
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
    await this.pageAnswered(row.shopId, token);
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
    await this.pageAnswered(seen.row.shopId, token);
    return { state: 'just_rejected', row: seen.row };
  }

  /** A client that sent the person here (URL elicitation) hears that the page was answered. */
  private async pageAnswered(shopId: number, token: string): Promise<void> {
    // The page's answer stands whether or not the news gets out.
    await this.notices
      .announce(shopId, elicitationTopic(hashConfirmationToken(token)))
      .catch((err: unknown) => this.scope.log.warn({ err }, 'could not announce a confirmation page’s answer'));
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
