import Fastify from 'fastify';
import type { ChannelEvent } from '../../channel/channel-port.js';
import { sessionServiceWebhookRoute } from '../../channel/session-service-webhook-route.js';

export interface WebhookReceiver {
  url: string;
  /** Each request's events, in order, as the main server hands them to the adapter. */
  requests: ChannelEvent[][];
  close(): Promise<void>;
}

/** A handler of a request's events that takes them one at a time, in order. */
export const eachEvent =
  (onEvent: (event: ChannelEvent) => Promise<void>) =>
  async (events: ChannelEvent[]): Promise<void> => {
    for (const event of events) await onEvent(event);
  };

/** A stand-in for the main server: only the webhook route, on a real port. */
export async function startWebhookReceiver(
  secret: string,
  onEvents: (events: ChannelEvent[]) => Promise<void>,
): Promise<WebhookReceiver> {
  const app = Fastify({ logger: false });
  const requests: ChannelEvent[][] = [];
  await app.register(sessionServiceWebhookRoute, {
    secret,
    onEvents: async (events) => {
      requests.push(events);
      await onEvents(events);
    },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${address}/webhooks/session-service`, requests, close: () => app.close() };
}
