import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ChannelLabelFields, SessionOutput } from './outputs.js';

export const disconnectChatapp = defineTool({
  name: 'disconnect_chatapp',
  title: 'Disconnect messaging number',
  description:
    'Logs the session out of the messaging network; it sends and receives nothing until paired again with connect_chatapp.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  input: Type.Object({ session_id: sessionIdArg('The line.') }),
  output: Type.Object({ session: SessionOutput, ...ChannelLabelFields }),
  handler: async ({ session_id }, { services }) => services.chatappSessionsService.disconnect(session_id),
});
