import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NumberOutput } from './outputs.js';

export const listVoiceNumbers = defineTool({
  name: 'list_voice_numbers',
  title: 'List the voice numbers',
  description: 'The numbers the assistant answers, with the webhook URLs for the provider.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ numbers: Type.Array(NumberOutput), count: Type.Integer() }),
  handler: async (_args, { services }) => services.voiceNumbersService.list(),
});
