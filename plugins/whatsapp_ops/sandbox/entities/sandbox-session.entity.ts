import { defineEntity, p, type InferEntity } from '../../../../core/index.js';

export const SANDBOX_SESSION_STATUSES: ['awaiting_pairing', 'connected', 'logged_out'] = [
  'awaiting_pairing',
  'connected',
  'logged_out',
];

/**
 * A line on the simulated network. The engine is the network, and the network knows lines, not
 * shops: which shop owns a session is recorded by the caller (whatsapp_ops, the session service),
 * which checks it before it ever hands a session key to the engine. `engine` names the engine
 * instance, so two apps sharing one database never process each other's sessions.
 */
export const SandboxSession = defineEntity({
  name: 'SandboxSession',
  tableName: 'sandbox_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    engine: p.string().length(40),
    sessionKey: p.string().length(64).unique(),
    status: p.enum(SANDBOX_SESSION_STATUSES),
    /** Kept after pairing so that re-opening the link says "already paired"; replaced on reconnect. */
    pairingToken: p.string().length(64).nullable().unique(),
    phone: p.string().length(20).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    connectedAt: p.datetime().nullable(),
    disconnectedAt: p.datetime().nullable(),
  },
});

export type SandboxSession = InferEntity<typeof SandboxSession>;
