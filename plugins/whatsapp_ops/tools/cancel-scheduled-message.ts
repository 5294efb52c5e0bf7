import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ScheduledOutput } from './outputs.js';

export const cancelScheduledMessage = defineTool({
  name: 'cancel_scheduled_message',
  title: 'Cancel scheduled message',
  description: 'Cancels a scheduled message not yet sent.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'cancel',
  confirmation: 'agent',
  input: Type.Object({
    id: Type.Integer({ minimum: 1, description: 'The scheduled message id.' }),
    agent_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The agent who cancels it.' })),
  }),
  precheck: async ({ id, agent_id }, { services }) =>
    services.chatappScheduledMessagesService.checkCancel(id, agent_id),
  summary: async ({ id }, { services }) => {
    const row = await services.chatappScheduledMessagesService.get(id);
    return `Cancel scheduled message ${id} to ${row.phone}, due ${row.sendAt.toISOString()}.`;
  },
  output: Type.Object({ scheduled_message: ScheduledOutput }),
  handler: async ({ id, agent_id }, { services }) => services.chatappScheduledMessagesService.cancel(id, agent_id),
});
