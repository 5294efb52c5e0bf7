/**
 * IMAP sync benchmark (not a test). Target: an initial sync of 10,000 messages (median
 * 20 KB, 5 % with an attachment) from Dovecot parsed, threaded and stored at ≥ 200 messages/s,
 * with RSS growth ≤ 150 MB. The messages are appended to the run's Dovecot first (not timed); then
 * sync_email_account reads them all (batches of 500), timed, with the process's RSS sampled.
 *
 *   npm run bench:email-sync [-- --engine postgres|embedded --messages 10000 --batch 200]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller, mcpConfirmed } from './bench-kernel.js';
import { dovecot } from '../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../test/helpers/mail-servers/smtp-sink.js';
import { newMailbox } from '../../test/helpers/mail-servers/mailbox.js';
import { rawMail } from '../../plugins/email/test/helpers.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    messages: { type: 'string', default: '10000' },
    batch: { type: 'string' },
  },
});
const MESSAGES = Number(values.messages);

const imap = await dovecot();
const smtp = await new SmtpSink({ imap }).start();
const box = newMailbox({ imap, smtp }, { sync_since_days: 90 });
const { user, password } = box;

// Bodies around 20 KB (a reply with quoted history and an HTML part), 5 % with a 60 KB attachment.
const paragraph = 'Thank you for your order. We are checking the delivery with the courier and will write again soon. ';
const client = await imap.client(user, password);
const appendStarted = performance.now();
for (let i = 0; i < MESSAGES; i++) {
  const size = 14_000 + Math.floor(Math.random() * 12_000);
  const text = paragraph.repeat(Math.ceil(size / 2 / paragraph.length));
  const thread = Math.floor(i / 3);
  await client.append(
    'INBOX',
    rawMail({
      from: `customer${thread % 2000}@buyers.example`,
      to: user,
      subject: i % 3 === 0 ? `Order ${thread}` : `Re: Order ${thread}`,
      messageId: `<m${i}.${process.pid}@buyers.example>`,
      ...(i % 3 !== 0 && { inReplyTo: `<m${i - 1}.${process.pid}@buyers.example>` }),
      html: `<div><p>${text}</p><blockquote>${text}</blockquote></div>`,
      ...(i % 20 === 0 && {
        attachments: [{ filename: 'photo.jpg', contentType: 'image/jpeg', content: randomBytes(60_000) }],
      }),
    }),
  );
}
await client.logout();
const appendSeconds = (performance.now() - appendStarted) / 1000;

const { kernel, close } = await benchKernel(
  {
    email: {
      enabled: true,
      config: { trustedCaPem: imap.caPem, ...(values.batch && { syncBatch: Number(values.batch) }) },
    },
  },
  { embedded: values.engine === 'embedded', overrides: { network: { allowLoopback: true } } },
);
const { token } = await kernel.shops.create({ name: 'Sync bench' });
const callTool = mcpCaller(kernel, token);
const { account } = await mcpConfirmed(kernel, token, 'create_email_account', box.args);

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
let heapPeak = 0;
let externalPeak = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  rssPeak = Math.max(rssPeak, usage.rss);
  heapPeak = Math.max(heapPeak, usage.heapTotal);
  externalPeak = Math.max(externalPeak, usage.external);
}, 100);
const started = performance.now();
const result = await callTool('sync_email_account', { account_id: account.id });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const threads = await callTool('list_email_threads', { account_id: account.id, limit: 1 });
console.log(
  JSON.stringify({
    engine: values.engine,
    messages: MESSAGES,
    append_seconds: Number(appendSeconds.toFixed(1)),
    fetched: result.fetched,
    stored: result.new_messages,
    threads: threads.count,
    seconds: Number(seconds.toFixed(2)),
    messages_per_second: Number((result.new_messages / seconds).toFixed(1)),
    rss_before_mb: Math.round(rssBefore / 1048576),
    rss_peak_mb: Math.round(rssPeak / 1048576),
    rss_growth_mb: Math.round((rssPeak - rssBefore) / 1048576),
    heap_total_peak_mb: Math.round(heapPeak / 1048576),
    external_peak_mb: Math.round(externalPeak / 1048576),
  }),
);
await close();
await smtp.stop();
await imap.stop();
