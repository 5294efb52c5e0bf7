import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { routingRolesArg, sessionIdArg } from './args.js';

export const updateChatappRoutingRoles = defineTool({
  name: 'update_chatapp_routing_roles',
  title: 'Update routing roles',
  description:
    'Replaces the routing roles of a session: which messages (general, operations, marketing) go out on this number when no session is named.',
  kind: 'mutation',
  idempotent: true,
  input: Type.Object({
    session_id: sessionIdArg('The session.'),
    routing_roles: routingRolesArg('The new roles, replacing the old ones.'),
  }),
  handler: async ({ session_id, routing_roles }, { services }) =>
    services.chatappSessionsService.updateRoutingRoles(session_id, routing_roles),
});
