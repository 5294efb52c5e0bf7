import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const releaseVoiceNumber = defineTool({
  name: 'release_voice_number',
  title: 'Stop answering a number',
  description: 'The assistant stops answering the number (its webhooks answer 404). Past calls stay.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ number_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ released: Type.Boolean(), number_id: Type.Integer() }),
  handler: async ({ number_id }, { services }) => services.voiceNumbersService.release(number_id),
});
