import type { FastifyBaseLogger } from 'fastify';
import type { ShopContext, ToolContext } from '../plugin/plugin-types.js';
import type { RegisteredTool } from '../tools/registered-tool.js';
import type { ShopScope } from '../tools/shop-scope.js';
import type { AuditRecord, AuditSink, CallOrigin, ConfirmationEvent } from './audit-record.js';
import { redactArgs } from './secret-args.js';
import { resourceOf } from './resource-of.js';
import { handlerArgs } from '../tools/handler-args.js';
import { storableArguments } from './storable-arguments.js';

type Where = Pick<ToolContext, 'shop' | 'em'>;

/**
 * Tells the groups' audit sinks about mutations and confirmation events. What happens inside a
 * unit of work is reported in it (it commits or rolls back with the change); a failed call is
 * reported after its rollback, in a transaction of its own.
 */
export class AuditTrail {
  constructor(
    private readonly sinks: readonly AuditSink[],
    private readonly scope: ShopScope,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A mutation that succeeded, inside its own unit of work. */
  async success(
    tool: RegisteredTool,
    args: Record<string, unknown>,
    origin: CallOrigin,
    requestId: string,
    where: Where,
    payload: Record<string, unknown>,
  ): Promise<void> {
    if (tool.definition.kind !== 'mutation' || this.sinks.length === 0) return;
    await this.tell(this.record('call', tool, args, origin, requestId, 'success', null, payload), where);
  }

  /**
   * A mutation that failed; a sink failing here is logged, the caller gets the call's own failure.
   * Arguments refused before they were validated (`validated` false) are recorded as far as they
   * can be stored.
   */
  async failure(
    tool: RegisteredTool,
    shop: ShopContext,
    args: Record<string, unknown>,
    origin: CallOrigin,
    requestId: string,
    failure: Record<string, unknown>,
    validated = true,
  ): Promise<void> {
    if (tool.definition.kind !== 'mutation' || this.sinks.length === 0) return;
    const errorCode = String(failure.error_code ?? 'internal_error');
    const recorded = validated ? args : storableArguments(args);
    try {
      await this.scope.run(
        shop,
        (ctx) => this.tell(this.record('call', tool, recorded, origin, requestId, 'failure', errorCode), ctx),
        { transactional: true, requestId },
      );
    } catch (err) {
      this.log.error({ err, requestId, tool: tool.definition.name }, 'audit of a failed call failed');
    }
  }

  /** A confirmation event, inside the unit of work that made it happen. */
  async confirmation(
    tool: RegisteredTool,
    args: Record<string, unknown>,
    origin: CallOrigin,
    requestId: string,
    where: Where,
    event: ConfirmationEvent,
  ): Promise<void> {
    if (this.sinks.length === 0) return;
    await this.tell(this.record('confirmation', tool, args, origin, requestId, event, null), where);
  }

  private record(
    kind: AuditRecord['kind'],
    tool: RegisteredTool,
    args: Record<string, unknown>,
    origin: CallOrigin,
    requestId: string,
    outcome: AuditRecord['outcome'],
    errorCode: string | null,
    payload?: Record<string, unknown>,
  ): AuditRecord {
    const own = handlerArgs(args);
    return {
      kind,
      tool: tool.definition.name,
      group: tool.group,
      actor: origin.actor,
      token: origin.token,
      arguments: redactArgs(own, tool.secretPaths),
      outcome,
      error_code: errorCode,
      resource: resourceOf(tool.definition.name, own, payload),
      request_id: requestId,
      at: new Date().toISOString(),
    };
  }

  private async tell(record: AuditRecord, where: Where): Promise<void> {
    for (const sink of this.sinks) await sink(record, { shop: where.shop, em: where.em });
  }
}
