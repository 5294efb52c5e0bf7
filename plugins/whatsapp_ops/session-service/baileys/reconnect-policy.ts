import { DisconnectReason } from './library.js';

/** Why a session stopped for good, as its status reason and its session.disconnected event say. */
export type StopReason = 'logged_out' | 'banned' | 'connection_replaced' | 'pairing_expired';

export type CloseAction =
  { kind: 'reconnect_now' } | { kind: 'backoff' } | { kind: 'stop'; reason: StopReason; forgetCredentials: boolean };

/**
 * What to do when the socket closes, from the library's status code
 * (`lastDisconnect.error.output.statusCode`):
 * - 401 logged out: the phone removed the device; the credentials are dead. Never reconnect.
 * - 403 forbidden: the number is banned. Never reconnect.
 * - 440 replaced: another client took the session over; reconnecting would fight it in a loop.
 * - 515 restart required: normal right after pairing; reconnect at once with the new credentials.
 * - 408 once QR codes were shown and none was scanned ("QR refs attempts ended"): pairing expired.
 * - anything else (428 closed, 408 lost, 500, 503, network errors): back off and reconnect.
 */
export function closeAction(
  statusCode: number | undefined,
  pairing: { qrShown: boolean; registered: boolean },
): CloseAction {
  switch (statusCode) {
    case DisconnectReason.loggedOut:
      return { kind: 'stop', reason: 'logged_out', forgetCredentials: true };
    case DisconnectReason.forbidden:
      return { kind: 'stop', reason: 'banned', forgetCredentials: true };
    case DisconnectReason.connectionReplaced:
      return { kind: 'stop', reason: 'connection_replaced', forgetCredentials: false };
    case DisconnectReason.restartRequired:
      return { kind: 'reconnect_now' };
    case DisconnectReason.timedOut:
      if (pairing.qrShown && !pairing.registered)
        return { kind: 'stop', reason: 'pairing_expired', forgetCredentials: false };
      return { kind: 'backoff' };
    default:
      return { kind: 'backoff' };
  }
}

/** The library's errors are Boom errors; anything else (a thrown Error, nothing) has no code. */
export function statusCodeOf(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

/**
 * Exponential backoff with jitter: attempt n waits base·2^(n−1), capped, scaled by a random factor
 * in [0.5, 1.5) so sessions dropped together do not reconnect together.
 */
export function backoffDelayMs(
  attempt: number,
  { baseMs, maxMs }: { baseMs: number; maxMs: number },
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random()));
}
