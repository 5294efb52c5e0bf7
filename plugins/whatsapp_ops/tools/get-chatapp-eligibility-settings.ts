import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SettingsOutput } from './outputs.js';

export const getChatappEligibilitySettings = defineTool({
  name: 'get_chatapp_eligibility_settings',
  title: 'Get contact-window settings',
  description: 'The contact window in hours and, per billing source, whether its automatic messages are held to it.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: SettingsOutput,
  handler: async (_args, { services }) => services.chatappEligibilityService.settings(),
});
