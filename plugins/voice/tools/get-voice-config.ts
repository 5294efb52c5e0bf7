import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { VoiceConfigOutput } from './outputs.js';

export const getVoiceConfig = defineTool({
  name: 'get_voice_config',
  title: 'Get the voice assistant’s settings',
  description:
    "Voice provider (sandbox or the shop's Twilio, credentials masked), greeting, language, hand-over rule and numbers with their webhook URLs.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ voice: VoiceConfigOutput }),
  handler: async (_args, { services }) => services.voiceSettingsService.read(),
});
