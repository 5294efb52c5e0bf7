import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getMarketingSessions = defineTool({
  name: 'get_marketing_sessions',
  title: 'Get marketing sessions',
  description:
    "The shop's messaging sessions with their mass-marketing flag; marketing_session_ids are the enabled ones and sendable_session_ids those of them connected now.",
  kind: 'query',
  input: Type.Object({}),
  handler: async (_args, { services }) => services.marketingSessionsService.list(),
});
