import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getMassMarketingConfig = defineTool({
  name: 'get_mass_marketing_config',
  title: 'Get mass marketing config',
  description:
    "The shop's mass-marketing settings: auto-reply to campaign responses (enabled, text, translate, unsubscribe on STOP/BAJA) and approval (require_approval, approval_threshold). Defaults apply until the first save.",
  kind: 'query',
  input: Type.Object({}),
  handler: async (_args, { services }) => services.marketingSettingsService.get(),
});
