/**
 * Outbound mail benchmark (not a test). Target: at least 50 sends/s through the outbox
 * to a local SMTP server. One shop, one account on the run's Dovecot and an in-process
 * smtp-server; N queued mails are written with their outbox messages (setup, not timed), then the
 * outbox relay delivers them (passes of 100, 8 at once, as the server runs it) until all are sent.
 * Checks each mail reached the SMTP server once, and prints the rate.
 *
 *   npm run bench:email-outbound [-- --engine postgres|embedded --mails 2000 --sent-copy none|append|server]
 */

import { parseArgs } from 'node:util';
import { benchKernel, mcpConfirmed } from './bench-kernel.js';
import { dovecot } from '../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../test/helpers/mail-servers/smtp-sink.js';
import { newMailbox } from '../../test/helpers/mail-servers/mailbox.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    mails: { type: 'string', default: '2000' },
    'sent-copy': { type: 'string', default: 'none' },
  },
});
const MAILS = Number(values.mails);
const sentCopy = values['sent-copy'] as 'none' | 'append' | 'server';

const imap = await dovecot();
const smtp = await new SmtpSink({ imap }).start();
const box = newMailbox({ imap, smtp }, { sent_copy: sentCopy });
const { user } = box;
if (sentCopy === 'server') smtp.filing.add(user);

const { kernel, close } = await benchKernel(
  { email: { enabled: true, config: { trustedCaPem: imap.caPem } } },
  { embedded: values.engine === 'embedded', overrides: { network: { allowLoopback: true } } },
);
const { token, shopId } = await kernel.shops.create({ name: 'Mail bench' });
const { account } = await mcpConfirmed(kernel, token, 'create_email_account', box.args);
const conn = kernel.orm.em.fork().getConnection();
const [thread] = await conn.execute(
  `insert into email_threads (shop_id, account_id, subject, subject_key, counterpart, participants, status, unread, message_count, last_message_at, created_at, updated_at)
   values (?, ?, 'Bench', 'bench', 'to@bench.example', '[]', 'pending', false, ?, now(), now(), now()) returning id`,
  [shopId, account.id, MAILS],
);
await conn.execute(
  `insert into email_messages (shop_id, account_id, thread_id, direction, status, message_id_header, "references", from_address,
     to_addresses, cc_addresses, bcc_addresses, subject, body_text, preview, attachments, attempts, created_at, updated_at)
   select ?, ?, ?, 'outbound', 'queued', '<bench-' || i || '@bench.example>', '[]', ?,
     '[{"address":"to@bench.example","name":null}]', '[]', '[]', 'Bench ' || i, repeat('Mail body line. ', 100), 'Mail', '[]', 0, now(), now()
   from generate_series(1, ?) i`,
  [shopId, account.id, thread.id, user, MAILS],
);
await conn.execute(
  `insert into outbox_messages (event_id, shop_id, topic, payload, status, attempts, available_at, created_at)
   select 'evt_bench_' || id, shop_id, 'email.send', json_build_object('message_id', id), 'pending', 0, now(), now()
   from email_messages where account_id = ?`,
  [account.id],
);

const started = performance.now();
while (await kernel.outbox.deliverDue());
const seconds = (performance.now() - started) / 1000;
const [{ sent }] = await conn.execute(
  `select count(*)::int as sent from email_messages where account_id = ? and status = 'sent'`,
  [account.id],
);
const ids = new Set(smtp.received.map((r) => r.messageId));
console.log(
  JSON.stringify({
    engine: values.engine,
    sent_copy: sentCopy,
    mails: MAILS,
    sent,
    received: smtp.received.length,
    distinct_received: ids.size,
    seconds: Number(seconds.toFixed(2)),
    sends_per_second: Number((MAILS / seconds).toFixed(1)),
  }),
);
await close();
await smtp.stop();
await imap.stop();
