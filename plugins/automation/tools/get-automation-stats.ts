import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getAutomationStats = defineTool({
  name: 'get_automation_stats',
  title: 'Get automation statistics',
  description:
    'Over the last days, for the shop or one workflow: runs by status, messages sent, failures by step type and error, paused workflows.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 30 })),
    workflow_id: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  output: Type.Object({
    days: Type.Integer(),
    workflow_id: Nullable(Type.Integer()),
    runs: Type.Record(Type.String(), Type.Integer()),
    runs_total: Type.Integer(),
    messages_sent: Type.Integer(),
    messages_sent_by_rules: Type.Integer(),
    failures: Type.Array(Type.Object({ step_type: Type.String(), error_code: Type.String(), count: Type.Integer() })),
    paused_workflows: Type.Array(
      Type.Object({ id: Type.Integer(), name: Type.String(), pause_reason: Nullable(Type.String()) }),
    ),
  }),
  handler: async ({ days = 30, workflow_id }, { services }) => {
    if (workflow_id !== undefined) await services.automationWorkflowsService.get(workflow_id);
    return services.automationStatsService.stats(days, workflow_id);
  },
});
