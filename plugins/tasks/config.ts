import { Type, type Static } from '../../core/index.js';

export const TasksConfig = Type.Object(
  {
    /** Reminders one job tick claims per shop; the rest go at the next tick. */
    reminderBatch: Type.Integer({ minimum: 1, maximum: 1000, default: 200 }),
  },
  { additionalProperties: false, default: {} },
);

export type TasksConfig = Static<typeof TasksConfig>;
