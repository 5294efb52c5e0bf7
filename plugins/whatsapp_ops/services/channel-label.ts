import type { ChannelPort } from '../channel/channel-port.js';
import { SANDBOX_LABEL } from '../sandbox/sandbox-label.js';

/**
 * What status and send outputs carry about the network: `sandbox: true` and the notice whenever a
 * simulated engine is involved (the embedded sandbox, or a session service whose engine reported
 * itself as the sandbox), so no answer passes a recorded message for one sent on the real network.
 */
export function channelLabel(port: ChannelPort, sessions: { sandbox: boolean }[] = []) {
  const sandbox = port.kind === 'sandbox' || sessions.some((s) => s.sandbox);
  return sandbox ? { sandbox: true as const, notice: SANDBOX_LABEL.notice } : { sandbox: false as const };
}
