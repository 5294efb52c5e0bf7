import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CallOutput } from './outputs.js';

export const deleteCallData = defineTool({
  name: 'delete_call_data',
  title: 'Delete what a call said',
  description: "Deletes the call's transcript and summary (personal data); the call record stays.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ call_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ call: CallOutput, turns_deleted: Type.Integer() }),
  handler: async ({ call_id }, { services }) => services.voiceCallsService.deleteData(call_id),
});
