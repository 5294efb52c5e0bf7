import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';

export const getChatappStatus = defineTool({
  name: 'get_chatapp_status',
  title: 'Get messaging status',
  description:
    "The status of one messaging session (session_id) or of all the shop's sessions: the recorded status, routing roles and number, plus `live`, what the engine reports now. " +
    'Outputs say sandbox: true, with a notice, when the simulated network is in use: then nothing reaches the real messaging network.',
  kind: 'query',
  openWorld: true,
  input: Type.Object({
    session_id: Type.Optional(sessionIdArg('One session; omit for all.')),
  }),
  handler: async ({ session_id }, { services }) => services.chatappSessionsService.status(session_id),
});
