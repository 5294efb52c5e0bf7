import { createHash } from 'node:crypto';
import type { MessageBus } from './message-bus.js';

/**
 * Carries a client's messages to the call they belong to: the answer to a request the server sent
 * on a call's stream, or the cancellation of a call. The client POSTs them separately, so behind a
 * load balancer they may reach another process than the one running the call. A process first
 * looks for the waiting call among its own; otherwise it publishes the message on the bus every
 * process listens to (PostgreSQL notifications, or Redis when configured), and the process that
 * holds the call takes it. A message nobody waits for (a call that ended, timed out, or never
 * existed) is dropped.
 */
export class ClientMessageRouter {
  private readonly waiting = new Map<string, (message: Record<string, unknown>) => void>();

  constructor(private readonly bus: MessageBus) {}

  async start(): Promise<void> {
    await this.bus.start((key, body) => this.take(key, JSON.parse(body) as Record<string, unknown>));
  }

  stop(): Promise<void> {
    return this.bus.stop();
  }

  /** Calls `handler` with the message routed under `key` until the returned function is called. */
  wait(key: string, handler: (message: Record<string, unknown>) => void): () => void {
    this.waiting.set(key, handler);
    return () => {
      if (this.waiting.get(key) === handler) this.waiting.delete(key);
    };
  }

  async deliver(key: string, message: Record<string, unknown>): Promise<void> {
    if (this.take(key, message)) return;
    await this.bus.publish(key, JSON.stringify(message));
  }

  private take(key: string, message: Record<string, unknown>): boolean {
    const handler = this.waiting.get(key);
    if (!handler) return false;
    handler(message);
    return true;
  }
}

/**
 * The routing key of a message: the shop, the session and what it answers. A client can reach
 * only its own shop's and session's calls, whatever ids it sends.
 */
export function routeKey(shopId: number, sessionKey: string, kind: 'answer' | 'cancel', id: string | number): string {
  return createHash('sha256')
    .update(JSON.stringify([shopId, sessionKey, kind, id]))
    .digest('base64url')
    .slice(0, 32);
}
