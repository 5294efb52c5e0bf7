import { createHmac } from 'node:crypto';
import { timestampedHmac } from '../../../../core/index.js';

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

/**
 * The request for one attempt, signed twice with every secret that signs now (the current one and,
 * during a rotation, the previous one): Stripe's `X-Switchboard-Signature: t=…,v1=…` over
 * `<t>.<body>`, and Standard Webhooks' `webhook-signature: v1,<base64>` over `<id>.<t>.<body>`,
 * whose key is the secret's UTF-8 bytes (give the standardwebhooks library base64(secret)).
 * The timestamp is fresh on every attempt; the id never changes.
 */
export function signWebhook(
  envelope: { id: string; type: string },
  body: string,
  secrets: readonly string[],
  nowMs = Date.now(),
): SignedWebhook {
  const t = String(Math.floor(nowMs / 1000));
  const stripeStyle = secrets.map((s) => `v1=${timestampedHmac(s, t, body).toString('hex')}`);
  const standard = secrets.map(
    (s) => `v1,${createHmac('sha256', s).update(`${envelope.id}.${t}.`).update(body).digest('base64')}`,
  );
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Switchboard-Webhooks/1.0',
      'x-switchboard-event': envelope.type,
      'x-switchboard-delivery': envelope.id,
      'x-switchboard-timestamp': t,
      'x-switchboard-signature': [`t=${t}`, ...stripeStyle].join(','),
      'webhook-id': envelope.id,
      'webhook-timestamp': t,
      'webhook-signature': standard.join(' '),
    },
  };
}
