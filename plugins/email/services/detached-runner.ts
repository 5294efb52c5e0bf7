import type { SetupContext, ToolContext } from '../../../core/index.js';
import type { EmailConfig } from '../config.js';

/**
 * Runs work for a shop in a unit of work of its own, outside the transaction of the tool call that
 * asks for it: a sync reaches a mail server and stores batch by batch in short transactions, a
 * classification asks a model (the AI runtime refuses to wait on one inside a transaction), and
 * each write is visible, and safe from a crash, as soon as it commits.
 */
export class EmailDetachedRunner {
  constructor(private readonly withShop: SetupContext<EmailConfig>['withShop']) {}

  run<T>(shopId: number, work: (ctx: ToolContext<EmailConfig>) => Promise<T>): Promise<T> {
    return this.withShop(shopId, work, { transactional: false, detached: true });
  }
}
