import type { EngineLabel } from '../channel/channel-port.js';

/** Carried by every status the sandbox produces: it must never pass for the real network. */
export const SANDBOX_LABEL: Readonly<EngineLabel> = Object.freeze({
  engine: 'sandbox',
  sandbox: true,
  notice:
    'Sandbox engine: pairing, delivery and read receipts are simulated and messages are only recorded; nothing is sent on the real messaging network.',
});
