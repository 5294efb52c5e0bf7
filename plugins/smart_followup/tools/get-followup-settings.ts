import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SettingsOutput } from './args.js';

export const getFollowupSettings = defineTool({
  name: 'get_followup_settings',
  title: 'Get follow-up settings',
  description:
    "Each follow-up type's rules (conversation, quote, cart): on or off, delays, attempts, expiry, quiet hours, opening hours, timing, template and sending line role.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ settings: Type.Array(SettingsOutput) }),
  handler: async (_args, { services }) => services.followupSettingsService.all(),
});
