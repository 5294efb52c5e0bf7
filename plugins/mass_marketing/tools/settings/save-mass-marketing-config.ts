import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { AUTO_REPLY_TEXT_MAX } from '../../services/settings-service.js';
import { SettingsResult } from '../outputs.js';

export const saveMassMarketingConfig = defineTool({
  name: 'save_mass_marketing_config',
  title: 'Save mass marketing config',
  description:
    'Changes the mass-marketing settings given. auto_reply_enabled needs an auto_reply_text. auto_reply_unsubscribe records STOP-word replies as unsubscribes. require_approval, or approval_threshold recipients, make campaigns wait for approve_campaign.',
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
