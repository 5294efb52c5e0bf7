import { DateTime, Nullable, pageOutput, Type, type Static } from '../../../core/index.js';

export const RecurrenceShape = Type.Object(
  {
    frequency: Type.Union([Type.Literal('daily'), Type.Literal('weekly'), Type.Literal('monthly')]),
    interval: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, description: 'Every n days, weeks or months; default 1.' }),
    ),
    weekdays: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
        minItems: 1,
        maxItems: 7,
        description: "weekly: days of the week, 0 = Sunday; default the due date's.",
      }),
    ),
    day_of_month: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 31,
        description: "monthly: the day (short months use their last); default the due date's.",
      }),
    ),
  },
  { additionalProperties: false, description: 'Completing the task creates the next occurrence. Needs due_at.' },
);

export const TaskOutput = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    description: Nullable(Type.String()),
    type: Type.String(),
    priority: Type.String(),
    status: Type.String({ description: 'The task status.' }),
    due_at: Nullable(DateTime()),
    due_local: Nullable(Type.String({ description: 'due_at on the shop’s clock, YYYY-MM-DD HH:MM:SS.' })),
    overdue: Type.Boolean({ description: 'Due time passed while open or in progress.' }),
    reminder_minutes: Nullable(Type.Integer()),
    reminder_at: Nullable(DateTime()),
    reminder_sent: Type.Boolean(),
    assigned_agent_id: Nullable(Type.Integer()),
    phone: Nullable(Type.String()),
    ticket_id: Nullable(Type.Integer()),
    recurrence: Nullable(Type.Unknown()),
    next_task_id: Nullable(Type.Integer({ description: 'The occurrence completing this recurring task created.' })),
    completed_at: Nullable(DateTime()),
    completion_note: Nullable(Type.String()),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);
export type TaskPayload = Static<typeof TaskOutput>;

export const CommentOutput = Type.Object(
  { id: Type.Integer(), agent_id: Nullable(Type.Integer()), body: Type.String(), created_at: DateTime() },
  { additionalProperties: false },
);
export type CommentPayload = Static<typeof CommentOutput>;

export const TaskResult = Type.Object({ task: TaskOutput });
export const TaskPage = pageOutput('tasks', TaskOutput);
