import type { ChannelPort } from '../channel/channel-port.js';
import { SANDBOX_LABEL } from '../sandbox/sandbox-label.js';

/**
 * What status and send outputs carry about the network: `sandbox: true` and the notice whenever a
 * simulated engine is involved (a line of the embedded sandbox, or of a session service whose
 * engine reported itself as the sandbox), so no answer passes a recorded message for one sent on
 * the real network.
 */
export function channelLabel(sessions: { sandbox: boolean }[]) {
  return labelOf(sessions.some((s) => s.sandbox));
}

/**
 * The label of a list of lines, which may be empty: an answer about no line at all speaks for the
 * installation's engine (the session service's is asked: the adapter's kind does not say whether
 * its engine simulates).
 */
export async function listLabel(installation: ChannelPort, sessions: { sandbox: boolean }[]) {
  if (sessions.length > 0) return channelLabel(sessions);
  return labelOf((await installation.engineIsSandbox?.()) ?? installation.kind === 'sandbox');
}

const labelOf = (sandbox: boolean) =>
  sandbox ? { sandbox: true as const, notice: SANDBOX_LABEL.notice } : { sandbox: false as const };
