import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CallOutput, TranscriptOutput } from './outputs.js';

export const getCall = defineTool({
  name: 'get_call',
  title: 'Get a voice call',
  description: 'A call with its transcript, summary, outcome and hand-over.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ call_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ call: CallOutput, transcript: TranscriptOutput }),
  handler: async ({ call_id }, { services }) => services.voiceCallsService.get(call_id),
});
