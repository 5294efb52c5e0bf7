import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * One line of the audit log: a mutation call (success or failure) or a confirmation event, written
 * by the audit sink in the unit of work it reports. Append-only: nothing updates a row, and only
 * the retention job deletes.
 */
export const ActivityEntry = defineEntity({
  name: 'ActivityEntry',
  tableName: 'activity_entries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    at: p.datetime(),
    kind: p.string().length(16),
    actor: p.string().length(32),
    token: p.string().length(64).nullable(),
    tool: p.string().length(64),
    groupName: p.string().length(64),
    resourceType: p.string().length(64).nullable(),
    resourceId: p.string().length(200).nullable(),
    arguments: p.json<Record<string, unknown>>(),
    outcome: p.string().length(16),
    errorCode: p.string().length(64).nullable(),
    requestId: p.string().length(64),
  },
  indexes: [{ properties: ['shopId', 'id'] }, { properties: ['shopId', 'resourceType', 'resourceId', 'id'] }],
});

export type ActivityEntry = InferEntity<typeof ActivityEntry>;
