import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { callPayload } from '../services/calls/call-payload.js';
import { CallOutput } from './outputs.js';

export const handOffCall = defineTool({
  name: 'hand_off_call',
  title: 'Hand a call over to the messaging channel',
  description: 'A person follows the call up now: a ticket and a message to the caller. Once per call.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    call_id: Type.Integer({ minimum: 1 }),
    note: Type.Optional(
      Type.String({ minLength: 1, maxLength: 300, description: 'The subject, instead of the caller’s open question.' }),
    ),
  }),
  output: Type.Object({ call: CallOutput }),
  handler: async ({ call_id, note }, { services }) => ({
    call: callPayload(await services.voiceCallEngine.handOffNow(call_id, note)),
  }),
});
