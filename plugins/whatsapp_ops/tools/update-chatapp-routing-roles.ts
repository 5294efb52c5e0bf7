import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { routingRolesArg, sessionIdArg } from './args.js';
import { SessionOutput } from './outputs.js';

export const updateChatappRoutingRoles = defineTool({
  name: 'update_chatapp_routing_roles',
  title: 'Update routing roles',
  description:
    'Replaces the routing roles of a session: which messages go out on this number when no session is named.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    session_id: sessionIdArg('The line.'),
    routing_roles: routingRolesArg('The new roles, replacing the old ones.'),
  }),
  output: Type.Object({ session: SessionOutput }),
  handler: async ({ session_id, routing_roles }, { services }) =>
    services.chatappSessionsService.updateRoutingRoles(session_id, routing_roles),
});
