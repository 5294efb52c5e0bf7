import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { SessionOutput } from '../outputs.js';

export const getMarketingSessions = defineTool({
  name: 'get_marketing_sessions',
  title: 'Get marketing sessions',
  description: 'Lines with their marketing flag: enabled ones and those connected now.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    sessions: Type.Array(SessionOutput),
    count: Type.Integer(),
    marketing_session_ids: Type.Array(Type.Integer()),
    sendable_session_ids: Type.Array(Type.Integer({ description: 'Enabled for mass marketing and connected.' })),
  }),
  handler: async (_args, { services }) => services.marketingSessionsService.list(),
});
