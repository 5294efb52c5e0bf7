import { randomUUID } from 'node:crypto';
import { defineJob } from '../define.js';

/** This process, as the IDLE leases name it. */
const OWNER = `${process.pid}-${randomUUID().slice(0, 8)}`;
/** A lease outlives two ticks, so a live process keeps its accounts and a dead one frees them. */
const LEASE_SECONDS = 75;

/**
 * Keeps IMAP IDLE connections to as many active mailboxes as idleAccountsPerProcess allows:
 * leases them (its own again, then free ones; FOR UPDATE SKIP LOCKED keeps processes apart),
 * starts a watcher for each new one and stops those it no longer holds.
 */
export const watchEmailIdle = defineJob({
  name: 'watch-email-idle',
  schedule: '*/30 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Holds IMAP IDLE connections so new mail is read within seconds.',
  run: async ({ em, services, config }) => {
    const max = config.idleAccountsPerProcess;
    const held =
      max === 0
        ? []
        : await em.execute<{ id: number; shop_id: number }[]>(
            `update email_accounts set idle_owner = ?, idle_lease_until = now() + make_interval(secs => ?)
             where id in (select id from email_accounts
                          where deleted_at is null and is_active and status <> 'auth_error'
                            and (idle_owner = ? or idle_lease_until is null or idle_lease_until < now())
                          order by (idle_owner = ?) desc nulls last, id limit ? for update skip locked)
             returning id, shop_id`,
            [OWNER, LEASE_SECONDS, OWNER, OWNER, max],
          );
    await em.execute(
      `update email_accounts set idle_owner = null, idle_lease_until = null where idle_owner = ? and not (id in (select json_array_elements_text(?::json)::int))`,
      [OWNER, JSON.stringify(held.map((r) => Number(r.id)))],
    );
    services.emailIdleWatchers.keep(held.map((r) => ({ id: Number(r.id), shopId: Number(r.shop_id) })));
  },
});
