import type { WireEvent } from '../channel/wire-format.js';
import { signRequest } from '../channel/webhook-signature.js';
import type { EventSink } from '../sandbox/sandbox-outbox.js';

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

/**
 * Delivers events to the main server as signed POSTs, one event per request, in order. Anything
 * but a 2xx throws, which has the outbox deliver the batch again one event at a time (the main
 * server drops the events it already has) and leaves the failing event queued with backoff.
 */
export function webhookSink(target: WebhookTarget): EventSink {
  return async (events) => {
    for (const event of events) await post(target, event);
  };
}

async function post(target: WebhookTarget, event: WireEvent): Promise<void> {
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
}
