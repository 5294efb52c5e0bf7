import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AUTO_REPLY_TEXT_MAX } from '../services/settings-service.js';
import { SettingsResult } from './outputs.js';

export const saveMassMarketingConfig = defineTool({
  name: 'save_mass_marketing_config',
  title: 'Save mass marketing config',
  description:
    'Changes the given mass-marketing settings and keeps the others. auto_reply_enabled needs an auto_reply_text (given now or saved before). auto_reply_unsubscribe: a reply with an unsubscribe word records the unsubscribe and confirms it. ' +
    'require_approval: every campaign waits for approve_campaign; approval_threshold: campaigns with at least that many recipients do (null clears it).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    auto_reply_enabled: Type.Optional(Type.Boolean()),
    auto_reply_text: Type.Optional(Type.Union([Type.String({ maxLength: AUTO_REPLY_TEXT_MAX }), Type.Null()])),
    auto_reply_translate: Type.Optional(Type.Boolean()),
    auto_reply_unsubscribe: Type.Optional(Type.Boolean()),
    require_approval: Type.Optional(Type.Boolean()),
    approval_threshold: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  }),
  output: SettingsResult,
  handler: async (args, { services }) => services.marketingSettingsService.save(args),
});
