import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SettingsOutput } from './args.js';

export const getFollowupSettings = defineTool({
  name: 'get_followup_settings',
  title: 'Get follow-up settings',
  description:
    'The rules of each follow-up type (conversation, quote, cart): whether it is on, the first delay, attempts and the gap between them, how old a follow-up may get, quiet hours, whether the shop’s opening hours are respected, smart or fixed timing, the template and the sending line’s role.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ settings: Type.Array(SettingsOutput) }),
  handler: async (_args, { services }) => services.followupSettingsService.all(),
});
