import { defineJob } from '../define.js';

/** Accounts synced at once by one process. */
const PARALLEL = 4;
/** A tick stops claiming after this long; the next tick goes on. */
const TICK_BUDGET_MS = 10_000;

/**
 * Polls the mailboxes that are due: active, not backing off after failures, not synced for
 * pollSeconds, and not held by another process's sync. They are leased in the claiming statement
 * (FOR UPDATE SKIP LOCKED: two processes take different accounts), a few at a time while the
 * tick's budget lasts, and each is synced in its shop's unit of work, batch by batch in short
 * transactions.
 */
export const syncEmailAccounts = defineJob({
  name: 'sync-email-accounts',
  schedule: '*/15 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Reads new mail of every mailbox that is due, by its IMAP cursor.',
  run: async ({ em, forShop, log, config }) => {
    const deadline = Date.now() + TICK_BUDGET_MS;
    while (Date.now() < deadline) {
      const due = await em.execute<{ id: number; shop_id: number }[]>(
        `update email_accounts set sync_lease_until = now() + make_interval(secs => ?)
         where id in (select id from email_accounts
                      where deleted_at is null and is_active
                        and (auth_type = 'basic' or oauth_access_sealed is not null)
                        and (backoff_until is null or backoff_until <= now())
                        and (last_synced_at is null or last_synced_at < now() - make_interval(secs => ?))
                        and (sync_lease_until is null or sync_lease_until < now())
                      order by last_synced_at nulls first, id limit ? for update skip locked)
         returning id, shop_id`,
        [config.syncLeaseSeconds, config.pollSeconds, PARALLEL],
      );
      if (due.length === 0) return;
      await Promise.all(
        due.map(({ id, shop_id }) =>
          forShop(shop_id, (ctx) =>
            ctx.services.emailSyncService.syncLeased(id, (work) => ctx.transaction(work)),
          ).catch((err) => log.warn({ err, accountId: id, shopId: shop_id }, 'email sync failed')),
        ),
      );
    }
  },
});
