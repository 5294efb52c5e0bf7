import { WEBHOOK_BATCH_BYTES, WEBHOOK_BATCH_EVENTS, type WireEvent } from '../channel/wire-format.js';
import { signRequest } from '../channel/webhook-signature.js';
import type { EventSink } from '../sandbox/sandbox-outbox.js';

export interface WebhookTarget {
  url: string;
  secret: string;
  timeoutMs: number;
}

/**
 * Delivers events to the main server as signed POSTs, in order, as many to a request as fit
 * (WEBHOOK_BATCH_EVENTS, WEBHOOK_BATCH_BYTES): the main server stores a request's events in one
 * transaction, so a busy service's events keep up with what its sessions receive. Anything but a
 * 2xx throws, which has the outbox deliver the batch again one event at a time (the main server
 * drops the events it already has) and leaves the failing event queued with backoff.
 */
export function webhookSink(target: WebhookTarget): EventSink {
  return async (events) => {
    for (const body of bodies(events)) await post(target, body);
  };
}

/**
 * The events as request bodies, in order; an event too large to share a request goes alone. One
 * event is the body by itself, as before batches: a main server that predates them refuses a
 * batch, and the outbox's one-at-a-time redelivery then still reaches it.
 */
function* bodies(events: readonly WireEvent[]): Generator<string> {
  const body = (parts: string[]) => (parts.length === 1 ? parts[0]! : `{"events":[${parts.join(',')}]}`);
  let parts: string[] = [];
  let bytes = 0;
  for (const event of events) {
    const part = JSON.stringify(event);
    const size = Buffer.byteLength(part) + 1;
    if (parts.length > 0 && (parts.length === WEBHOOK_BATCH_EVENTS || bytes + size > WEBHOOK_BATCH_BYTES)) {
      yield body(parts);
      parts = [];
      bytes = 0;
    }
    parts.push(part);
    bytes += size;
  }
  if (parts.length > 0) yield body(parts);
}

async function post(target: WebhookTarget, body: string): Promise<void> {
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
