import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ChannelLabelFields, LiveSessionOutput } from './outputs.js';

export const getChatappStatus = defineTool({
  name: 'get_chatapp_status',
  title: 'Get messaging status',
  description:
    "The status of one messaging session (session_id) or of all the shop's sessions: the recorded status, routing roles and number, plus `live`, what the engine reports now. " +
    'Outputs say sandbox: true, with a notice, when the simulated network is in use: then nothing reaches the real messaging network.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    session_id: Type.Optional(sessionIdArg('One session; omit for all.')),
  }),
  output: Type.Object(
    {
      session: Type.Optional(LiveSessionOutput),
      sessions: Type.Optional(Type.Array(LiveSessionOutput)),
      count: Type.Optional(Type.Integer()),
      connected_count: Type.Optional(Type.Integer()),
      ...ChannelLabelFields,
    },
    { description: 'With session_id: session; without: sessions, count and connected_count.' },
  ),
  handler: async ({ session_id }, { services }) => services.chatappSessionsService.status(session_id),
});
