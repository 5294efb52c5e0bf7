import { defineEntity, p, type InferEntity } from '../../../../core/index.js';

export const BAILEYS_SESSION_STATUSES: ['awaiting_pairing', 'connected', 'logged_out'] = [
  'awaiting_pairing',
  'connected',
  'logged_out',
];

/**
 * A WhatsApp Web session of the Baileys engine: its state as the main server sees it, and the
 * account's credentials (the library's `creds`, serialised with BufferJSON and sealed). Not
 * tenant-owned: the engine is the network; session_service_sessions records the owner.
 */
export const BaileysSession = defineEntity({
  name: 'BaileysSession',
  tableName: 'baileys_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    engine: p.string().length(40),
    sessionKey: p.string().length(64).unique(),
    status: p.enum(BAILEYS_SESSION_STATUSES),
    /** Why the session is where it is: logged_out, banned, connection_replaced, pairing_expired, reconnecting. */
    reason: p.string().length(40).nullable(),
    /** The line's own number (E.164), once paired. */
    phone: p.string().length(20).nullable(),
    credsSealed: p.text().nullable(),
    connectedAt: p.datetime().nullable(),
    disconnectedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['engine', 'status'] }],
});

export type BaileysSession = InferEntity<typeof BaileysSession>;
