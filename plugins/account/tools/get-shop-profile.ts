import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getShopProfile = defineTool({
  name: 'get_shop_profile',
  title: 'Get shop profile',
  description: "The shop's name, timezone, locale, currency and business hours (null when never set).",
  kind: 'query',
  input: Type.Object({}),
  handler: async (_args, { services }) => ({ profile: await services.accountService.profile() }),
});
