import { defineJob } from '../define.js';

/** Accounts synced at once by one process's tick. */
const PARALLEL = 4;

/**
 * Polls the mailboxes that are due: active, not backing off after failures, not synced for
 * pollSeconds, and not held by another process's sync. Each is leased in the claiming statement
 * (FOR UPDATE SKIP LOCKED: two processes take different accounts) and synced in its shop's unit of
 * work, batch by batch in short transactions.
 */
export const syncEmailAccounts = defineJob({
  name: 'sync-email-accounts',
  schedule: '*/15 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Reads new mail of every mailbox that is due, by its IMAP cursor.',
  run: async ({ em, forShop, log, config }) => {
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
      [config.syncLeaseSeconds, config.pollSeconds, PARALLEL * 2],
    );
    const queue = [...due];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const { id, shop_id } = row;
        await forShop(shop_id, (ctx) =>
          ctx.services.emailSyncService.syncLeased(id, (work) => ctx.transaction(work)),
        ).catch((err) => log.warn({ err, accountId: id, shopId: shop_id }, 'email sync failed'));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  },
});
