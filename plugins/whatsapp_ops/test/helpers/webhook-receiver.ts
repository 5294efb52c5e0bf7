import Fastify from 'fastify';
import type { ChannelEvent } from '../../channel/channel-port.js';
import { sessionServiceWebhookRoute } from '../../channel/session-service-webhook-route.js';

export interface WebhookReceiver {
  url: string;
  /** Where events go; replace to observe or to fail deliveries. */
  onEvent: (event: ChannelEvent) => Promise<void>;
  close(): Promise<void>;
}

/** A stand-in for the main server: only the webhook route, on a real port. */
export async function startWebhookReceiver(
  secret: string,
  onEvent: (event: ChannelEvent) => Promise<void>,
): Promise<WebhookReceiver> {
  const app = Fastify({ logger: false });
  const receiver = { onEvent } as WebhookReceiver;
  await app.register(sessionServiceWebhookRoute, { secret, onEvent: (event) => receiver.onEvent(event) });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return Object.assign(receiver, { url: `${address}/webhooks/session-service`, close: () => app.close() });
}
