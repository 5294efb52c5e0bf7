import { ToolError } from '../../../core/index.js';
import { ChannelError } from '../channel/channel-error.js';

/** Failures the network may get over by itself: the message waits in `sending` and is sent again with its key. */
export const TRANSIENT_CHANNEL_CODES = new Set(['channel_unavailable', 'rate_limited']);

/**
 * A channel failure as a tool failure: the channel's codes are tool error_codes already (see
 * channel/channel-error.ts), so a caller sees `session_not_connected`, `channel_unavailable`, ….
 */
export function toolErrorFromChannel(err: unknown): unknown {
  return err instanceof ChannelError ? new ToolError(err.code, `Messaging network: ${err.message}`, err.details) : err;
}

/** Runs a port call, turning a channel failure into the matching tool failure. */
export async function viaChannel<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toolErrorFromChannel(err);
  }
}
