import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** An internal note on a thread: for agents, never sent. */
export const EmailNote = defineEntity({
  name: 'EmailNote',
  tableName: 'email_notes',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    threadId: p.integer().index(),
    noteText: p.text(),
    agentName: p.string().length(120).nullable(),
    agentColor: p.string().length(7).nullable(),
    avatarUrl: p.string().length(2000).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type EmailNote = InferEntity<typeof EmailNote>;
