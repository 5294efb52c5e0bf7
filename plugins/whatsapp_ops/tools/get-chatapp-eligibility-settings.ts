import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getChatappEligibilitySettings = defineTool({
  name: 'get_chatapp_eligibility_settings',
  title: 'Get contact-window settings',
  description:
    "The contact window in hours (the shop's own, or the default) and, per billing source, whether its automatic messages are held to the window.",
  kind: 'query',
  input: Type.Object({}),
  handler: async (_args, { services }) => services.chatappEligibilityService.settings(),
});
