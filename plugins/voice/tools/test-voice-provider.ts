import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const testVoiceProvider = defineTool({
  name: 'test_voice_provider',
  title: 'Test the voice provider',
  description: 'Checks that the stored provider credentials still work.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({}),
  output: Type.Object({
    provider: Type.String(),
    ok: Type.Boolean(),
    sandbox: Type.Boolean(),
    account_name: Type.Optional(Nullable(Type.String())),
    account_status: Type.Optional(Nullable(Type.String())),
    notice: Type.Optional(Type.String()),
  }),
  handler: async (_args, { services }) => services.voiceSettingsService.test(),
});
