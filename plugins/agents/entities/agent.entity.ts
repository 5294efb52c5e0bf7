import { randomBytes } from 'node:crypto';
import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { Permissions } from '../services/permissions.js';

/**
 * A person who works the shop's inbox. `permissions` null means every section, including sections
 * added later. `agentHash` is a random opaque handle other groups store to refer to an agent
 * without its id (email accounts' agent_hashes).
 */
export const Agent = defineEntity({
  name: 'Agent',
  tableName: 'agents',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    nickname: p.string().length(50),
    fullName: p.string().length(200),
    email: p.string().length(254),
    color: p.string().length(7),
    phone: p.string().length(20).nullable(),
    pin: p.string().length(8).nullable(),
    permissions: p.json<Permissions>().nullable(),
    agentHash: p
      .string()
      .length(32)
      .unique()
      .onCreate(() => randomBytes(16).toString('hex')),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'pin'] }],
});

export type Agent = InferEntity<typeof Agent>;
