import type { EngineLabel } from '../../channel/channel-port.js';

/** Carried by every status of the Baileys engine: this one is the real network. */
export const BAILEYS_LABEL: Readonly<EngineLabel> = Object.freeze({
  engine: 'baileys',
  sandbox: false,
  notice: 'WhatsApp Web session (Baileys engine): messages go out on the real WhatsApp network from the paired number.',
});
