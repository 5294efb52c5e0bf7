import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A note on a task; `agentId` null when the owner or the assistant wrote it. */
export const TaskComment = defineEntity({
  name: 'TaskComment',
  tableName: 'task_comments',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    taskId: p.integer().index(),
    agentId: p.integer().nullable(),
    body: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type TaskComment = InferEntity<typeof TaskComment>;
