import { defineEntity, p, type InferEntity } from '../../../../core/index.js';

/** A chat the line has archived in the simulated network's chat list: one row per session and peer. */
export const SandboxArchivedChat = defineEntity({
  name: 'SandboxArchivedChat',
  tableName: 'sandbox_archived_chats',
  properties: {
    id: p.integer().primary().autoincrement(),
    engine: p.string().length(40),
    sessionKey: p.string().length(64),
    peerPhone: p.string().length(20),
    archivedAt: p.datetime(),
  },
  uniques: [{ properties: ['sessionKey', 'peerPhone'] }],
});

export type SandboxArchivedChat = InferEntity<typeof SandboxArchivedChat>;
