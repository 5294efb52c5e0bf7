/**
 * The webhook receiver in a process of its own, for the webhooks benchmark: a shop's receiver is
 * another machine, and one in the server's process took its share of the server's CPU. Prints its
 * URL and certificate (JSON) on the first line; once `expected` deliveries arrived (or on SIGTERM)
 * prints what arrived: how many, how many distinct delivery ids, the last arrival, and each
 * delivery's lag from its event's commit (the envelope's created_at) to its arrival.
 *
 *   tsx scripts/bench/webhook-receiver.ts <expected>
 */

import { WebhookReceiver } from '../../plugins/advanced/test/webhook-receiver.js';

const expected = Number(process.argv[2]);
const receiver = new WebhookReceiver();
await receiver.start();
process.stdout.write(`${JSON.stringify({ url: receiver.url, certPem: receiver.certPem })}\n`);
const report = () => {
  const got = receiver.received;
  process.stdout.write(
    `${JSON.stringify({
      received: got.length,
      distinct: new Set(got.map((r) => r.headers['webhook-id'])).size,
      lastAt: Math.max(0, ...got.map((r) => r.at)),
      lags: got.map((r) => r.at - Date.parse(JSON.parse(r.body).created_at)),
    })}\n`,
    () => void receiver.stop().then(() => process.exit(0)),
  );
};
const watch = setInterval(() => receiver.received.length >= expected && (clearInterval(watch), report()), 20);
process.once('SIGTERM', report);
