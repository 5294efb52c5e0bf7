import { Type, DateTime } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getServerTime = defineTool({
  name: 'get_server_time',
  title: 'Get server time',
  description: "The current time in UTC and in the shop's timezone, for scheduling in the shop's local time.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    utc: DateTime(),
    shop_timezone: Type.String(),
    shop_local: Type.String({ description: 'YYYY-MM-DD HH:MM:SS on the shop clock.' }),
  }),
  handler: async (_args, { shop }) => {
    const now = new Date();
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: shop.timezone,
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(now);
    return { utc: now.toISOString(), shop_timezone: shop.timezone, shop_local: local };
  },
});
