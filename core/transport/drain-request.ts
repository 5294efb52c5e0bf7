import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request's body, until it ends, `maxBytes` more have come
 * or `maxMs` have passed (then it stops reading); resolves true when it ended. A server that
 * answers before reading the body and then closes the connection resets it under a client still
 * sending: curl shows the answer, but Node's fetch (and the MCP SDK on it) reports "fetch failed".
 */
export function drainRequest(raw: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  if (bodyRead(raw) || raw.destroyed) return Promise.resolve(bodyRead(raw));
  return new Promise((resolve) => {
    let read = 0;
    let settled = false;
    const finish = (ended: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onGone);
      raw.off('close', onGone);
      // Given up: nothing more is read while the answer goes out and the connection closes.
      if (!ended) raw.pause();
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onGone = () => finish(bodyRead(raw));
    const timer = setTimeout(onGone, maxMs);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onGone);
    raw.on('close', onGone);
    raw.resume();
  });
}

/**
 * Whether the whole body has come off the connection: parsed to its end (`complete`), or read to
 * its end (what an injected request, which has no `complete`, can tell).
 */
export const bodyRead = (raw: IncomingMessage): boolean => raw.complete || raw.readableEnded;
