import { expect } from 'chai';

import { rm } from 'node:fs/promises';
import { database, deployment, seedKernel, startServer } from '../../../test/helpers/deployment.js';
import { waitWhileRunning, type ServerProcess } from '../../../test/helpers/server-process.js';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import { caller, freshUser, newMailbox } from './helpers.js';
import { dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';

const MAILS = 2000;
const KILLS = 5;
const GROUPS = ['agents', 'email'];

/**
 * Exactly once across kill -9: 2,000 queued mails; a real server process sends them through the
 * outbox to a real SMTP server and is killed with SIGKILL mid-send, five times, then a last one
 * finishes. The SMTP server files what it accepts in Sent before it answers 250 (as Gmail does),
 * so a mail left `sending` by a killed process is found there and not sent again. What the SMTP
 * server received (the ground truth) must hold each mail once.
 */
describe('email: outbound mail is sent exactly once across kill -9 (real server processes)', function () {
  // No overall limit: each wait below fails on its own once what it waits for stops moving (or a
  // server exits, or uses a start's worth of CPU many times over without getting ready).
  this.timeout(0);
  const started: ServerProcess[] = [];
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`sends ${MAILS} mails once each while the server is killed ${KILLS} times`, async () => {
    const imap = await dovecot();
    const smtp = await new SmtpSink({ imap }).start();
    const box = newMailbox({ imap, smtp }, { sent_copy: 'server' }, freshUser('crash'));
    const user = box.user;
    smtp.filing.add(user);
    cleanup.push(() => smtp.stop());

    const db = await TestDatabase.create();
    cleanup.push(() => db.drop());
    const d = await deployment(
      db.url,
      'email-crash',
      GROUPS,
      { email: { trustedCaPem: imap.caPem, claimTimeoutSeconds: 5, sendRetryScheduleMs: [200, 200, 200, 200, 200] } },
      {
        network: { allowLoopback: true },
        outbox: { leaseMs: 4000, deliveryTimeoutMs: 3000, pollMs: 200, concurrency: 8 },
      },
    );
    cleanup.push(() => rm(d.configFile, { force: true }));
    const client = await database(d);
    cleanup.push(() => client.end());

    const k = await seedKernel(d);
    try {
      const { shopId, token } = await k.newShop('Crash mail shop');
      const c = caller(k, token);
      const { account } = await c.confirmed('create_email_account', box.args);
      const { rows } = await client.query<{ id: number }>(
        `insert into email_threads (shop_id, account_id, subject, subject_key, counterpart, participants, status, unread, message_count, last_message_at, created_at, updated_at)
         values ($1, $2, 'Crash', 'crash', 'to@crash.example', '[]', 'pending', false, $3, now(), now(), now()) returning id`,
        [shopId, account.id, MAILS],
      );
      await client.query(
        `insert into email_messages (shop_id, account_id, thread_id, direction, status, message_id_header, "references", from_address,
           to_addresses, cc_addresses, bcc_addresses, subject, body_text, preview, attachments, attempts, created_at, updated_at)
         select $1, $2, $3, 'outbound', 'queued', '<crash-' || i || '@crash.example>', '[]', $4,
           '[{"address":"to@crash.example","name":null}]', '[]', '[]', 'Crash ' || i, 'Mail ' || i, 'Mail ' || i, '[]', 0, now(), now()
         from generate_series(1, $5) i`,
        [shopId, account.id, rows[0]!.id, user, MAILS],
      );
      await client.query(
        `insert into outbox_messages (event_id, shop_id, topic, payload, status, attempts, available_at, created_at)
         select 'evt_crash_' || id, shop_id, 'email.send', json_build_object('message_id', id), 'pending', 0, now(), now()
         from email_messages where account_id = $1`,
        [account.id],
      );
    } finally {
      await k.close();
    }

    const start = async () => {
      const server = await startServer(d);
      started.push(server);
      return server;
    };
    const atKill: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      const before = smtp.received.length;
      const server = await start();
      // Killed somewhere in the middle of a stream of sends, not at its first one.
      const gap = 100 + Math.floor(Math.random() * 150);
      await waitWhileRunning('sending', () => smtp.received.length >= before + gap, server, {
        progress: () => smtp.received.length,
      });
      await new Promise((r) => setTimeout(r, Math.random() * 200));
      expect((await server.stop('SIGKILL')).signal).to.equal('SIGKILL');
      atKill.push(smtp.received.length);
    }
    const last = await start();
    const unsent = async () =>
      Number(
        (await client.query<{ n: number }>(`select count(*)::int n from email_messages where status <> 'sent'`))
          .rows[0]!.n,
      );
    await waitWhileRunning('every mail to be sent', async () => (await unsent()) === 0, last, { progress: unsent });
    await last.stop('SIGTERM');

    expect(atKill.filter((n) => n > 0 && n < MAILS).length, `received at each kill: ${atKill}`).to.equal(KILLS);
    const perId = new Map<string, number>();
    for (const r of smtp.received) perId.set(r.messageId!, (perId.get(r.messageId!) ?? 0) + 1);
    expect(
      [...perId].filter(([, n]) => n !== 1),
      'mails received more than once',
    ).to.deep.equal([]);
    expect(perId.size, 'mails lost').to.equal(MAILS);
  });
});
