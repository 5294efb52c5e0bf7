import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ChannelLabelFields, LiveSessionOutput } from './outputs.js';

export const getChatappStatus = defineTool({
  name: 'get_chatapp_status',
  title: 'Get messaging status',
  description:
    'The status of one session or of all: recorded status, routing roles, number, and `live` (what the engine reports now). sandbox: true means the simulated network: nothing reaches real customers.',
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
