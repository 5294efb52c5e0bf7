import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SettingsOutput } from './outputs.js';

export const configureActivityLog = defineTool({
  name: 'configure_activity_log',
  title: 'Configure activity log',
  description: 'How many days the audit log keeps its lines; older ones are deleted hourly.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ retention_days: Type.Integer({ minimum: 30, maximum: 730 }) }),
  output: Type.Object({ settings: SettingsOutput }),
  handler: async ({ retention_days }, { services }) => ({
    settings: await services.activityLogService.configure(retention_days),
  }),
});
