import type { WireEvent } from '../channel/wire-format.js';
import { signRequest } from '../channel/webhook-signature.js';
import type { EventSink } from '../sandbox/sandbox-outbox.js';

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

/**
 * Delivers one event to the main server as a signed POST. Anything but a 2xx throws, which
 * leaves the event queued for a later attempt with backoff.
 */
export function webhookSink(target: WebhookTarget): EventSink {
  return async (event: WireEvent) => {
    const body = JSON.stringify(event);
    const response = await fetch(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signRequest(target.secret, body) },
      body,
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    // Read the answer to the end so the connection returns to the pool.
    const answer = await response.text();
    if (!response.ok) throw new Error(`webhook ${target.url} answered HTTP ${response.status}: ${answer.slice(0, 200)}`);
  };
}
