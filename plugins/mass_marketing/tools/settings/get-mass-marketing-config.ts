import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { SettingsResult } from '../outputs.js';

export const getMassMarketingConfig = defineTool({
  name: 'get_mass_marketing_config',
  title: 'Get mass marketing config',
  description: 'Mass-marketing settings: auto-reply to campaign responses and approval rules.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: SettingsResult,
  handler: async (_args, { services }) => services.marketingSettingsService.get(),
});
