import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NumberOutput } from './outputs.js';

export const assignVoiceNumber = defineTool({
  name: 'assign_voice_number',
  title: 'Answer a number with the assistant',
  description:
    "The assistant answers calls to this number of the shop's provider: paste the returned voice_url and status_callback_url in the number's settings there.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    phone_number: Type.String({ minLength: 3, maxLength: 30, description: 'With its international prefix.' }),
    label: Type.Optional(Type.String({ maxLength: 120 })),
  }),
  output: Type.Object({ number: NumberOutput }),
  handler: async ({ phone_number, label }, { services }) => services.voiceNumbersService.assign(phone_number, label),
});
