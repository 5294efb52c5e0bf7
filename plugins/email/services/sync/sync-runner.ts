import type { SetupContext } from '../../../../core/index.js';
import type { EmailConfig } from '../../config.js';
import type { SyncResult } from './sync-service.js';

/**
 * Runs a sync in a unit of work of its own, outside the transaction of the tool call that asks
 * for it: a sync reaches a mail server and writes batch by batch in short transactions, each
 * visible (and safe from a crash) as soon as it commits.
 */
export class EmailSyncRunner {
  constructor(private readonly withShop: SetupContext<EmailConfig>['withShop']) {}

  syncNow(shopId: number, accountId: number): Promise<SyncResult> {
    return this.withShop(
      shopId,
      (ctx) => ctx.services.emailSyncService.syncNow(accountId, (work) => ctx.transaction(work)),
      {
        transactional: false,
        detached: true,
      },
    );
  }
}
