import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ProfileOutput } from './outputs.js';

export const getShopProfile = defineTool({
  name: 'get_shop_profile',
  title: 'Get shop profile',
  description: "The shop's name, timezone, locale, currency and business hours.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ profile: ProfileOutput }),
  handler: async (_args, { services }) => ({ profile: await services.accountService.profile() }),
});
