import { Type, Nullable } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sessionIdArg } from './args.js';
import { AddressedFields } from './outputs.js';

export const assignConversation = defineTool({
  name: 'assign_conversation',
  title: 'Assign conversation',
  description:
    "Assigns the customer's conversation (one line, or all lines without session_id) to an agent, or unassigns with agent_id 0. Needs the agents group.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: phoneArg,
    session_id: Type.Optional(sessionIdArg('The session (line) of the conversation; default: every session.')),
    agent_id: Type.Integer({ minimum: 0, description: 'Agent id; 0 unassigns.' }),
  }),
  output: Type.Object({
    ...AddressedFields,
    agent: Nullable(
      Type.Object(
        { id: Type.Integer(), nickname: Type.String(), full_name: Type.String() },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async ({ phone, session_id, agent_id }, { services }) =>
    services.conversationsService.assign(phone, session_id, agent_id),
});
