import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { SessionOutput } from '../outputs.js';

export const assignMarketingSession = defineTool({
  name: 'assign_marketing_session',
  title: 'Assign marketing session',
  description:
    'Enables or disables a line for mass marketing. Campaigns without session_ids send from every enabled, connected line.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'assign',
  input: Type.Object({ session_id: Type.Integer({ minimum: 1 }), enable_mass_marketing: Type.Boolean() }),
  output: Type.Object({ session: SessionOutput }),
  handler: async ({ session_id, enable_mass_marketing }, { services }) =>
    services.marketingSessionsService.assign(session_id, enable_mass_marketing),
});
