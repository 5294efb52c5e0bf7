import { createHmac, timingSafeEqual } from 'node:crypto';
import { VTEX_HOOK_HEADER } from '../connectors/vtex-connector.js';
import type { InboundEvent, PlatformType } from '../connectors/types.js';

export type Verdict =
  { ok: true; event: InboundEvent } | { ok: false; reason: string; eventKey: string | null; topic: string };

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const base64Hmac = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('base64');
const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};
/** A JSON object body; anything else is null. */
const parse = (body: Buffer): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};
const idOf = (data: Record<string, unknown>) =>
  typeof data.id === 'string' || typeof data.id === 'number' ? [String(data.id)] : [];
/** A verified delivery about the resource in its body (its `id`). */
const accepted = (eventKey: string, topic: string, data: Record<string, unknown>): Verdict => ({
  ok: true,
  event: { eventKey, topic, resourceType: resourceOf(topic), resourceIds: idOf(data), ping: false },
});
const resourceOf = (topic: string): InboundEvent['resourceType'] =>
  /^orders?\b/.test(topic)
    ? 'order'
    : /^products?\b/.test(topic)
      ? 'product'
      : /^customers?\b/.test(topic)
        ? 'customer'
        : 'other';

/**
 * Checks an inbound storefront delivery against the secret it must carry, over the raw bytes.
 * Shopify: base64 HMAC-SHA256 of the body with the app's client secret (X-Shopify-Hmac-Sha256).
 * WooCommerce: the same over the body with the secret we gave the webhook (X-WC-Webhook-Signature).
 * VTEX: the orders hook signs nothing, so it echoes a secret header we set when registering it.
 */
export function verifyInbound(
  platform: PlatformType,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  secret: string | null,
): Verdict {
  if (platform === 'ecomA') {
    const topic = header(headers, 'x-shopify-topic') ?? 'unknown';
    const eventKey = header(headers, 'x-shopify-webhook-id') ?? header(headers, 'x-shopify-event-id') ?? null;
    const signature = header(headers, 'x-shopify-hmac-sha256');
    if (!secret) return { ok: false, reason: 'no app secret is configured for this store', eventKey, topic };
    if (!signature || !same(signature, base64Hmac(secret, body)))
      return { ok: false, reason: 'the X-Shopify-Hmac-Sha256 signature does not match', eventKey, topic };
    const data = parse(body);
    if (!eventKey || !data)
      return { ok: false, reason: 'the delivery has no webhook id or no JSON body', eventKey, topic };
    return accepted(eventKey, topic, data);
  }
  if (platform === 'ecomB') {
    const topic = header(headers, 'x-wc-webhook-topic') ?? 'unknown';
    const eventKey = header(headers, 'x-wc-webhook-delivery-id') ?? null;
    const signature = header(headers, 'x-wc-webhook-signature');
    if (!secret || !signature || !same(signature, base64Hmac(secret, body)))
      return { ok: false, reason: 'the X-WC-Webhook-Signature signature does not match', eventKey, topic };
    const text = body.toString('utf8');
    // WooCommerce proves a new webhook with a form-encoded `webhook_id=…` before any event.
    if (/^webhook_id=\d+$/.test(text))
      return {
        ok: true,
        event: {
          eventKey: eventKey ?? `ping:${text}`,
          topic: 'ping',
          resourceType: 'other',
          resourceIds: [],
          ping: true,
        },
      };
    const data = parse(body);
    if (!eventKey || !data)
      return { ok: false, reason: 'the delivery has no delivery id or no JSON body', eventKey, topic };
    return accepted(eventKey, topic, data);
  }
  if (platform === 'ecomD') {
    const given = header(headers, VTEX_HOOK_HEADER);
    const data = parse(body);
    const topic = data?.State ? `order.${data.State}` : data?.hookConfig === 'ping' ? 'ping' : 'unknown';
    const eventKey = data?.OrderId
      ? `${data.OrderId}:${data.State}:${data.CurrentChange ?? data.LastChange ?? ''}`
      : null;
    if (!secret || !given || !same(given, secret))
      return { ok: false, reason: `the ${VTEX_HOOK_HEADER} header does not match`, eventKey, topic };
    if (data?.hookConfig === 'ping')
      return {
        ok: true,
        event: { eventKey: `ping:${Date.now()}`, topic, resourceType: 'other', resourceIds: [], ping: true },
      };
    if (!eventKey) return { ok: false, reason: 'the delivery names no order', eventKey, topic };
    return {
      ok: true,
      event: { eventKey, topic, resourceType: 'order', resourceIds: [String(data?.OrderId)], ping: false },
    };
  }
  return {
    ok: false,
    reason: 'PrestaShop sends no webhooks: its changes are polled',
    eventKey: null,
    topic: 'unknown',
  };
}
