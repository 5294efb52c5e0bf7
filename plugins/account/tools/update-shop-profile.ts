import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { BusinessHoursSchema, BUSINESS_HOURS_HELP } from '../services/business-hours.js';
import { ProfileOutput } from './outputs.js';

export const updateShopProfile = defineTool({
  name: 'update_shop_profile',
  title: 'Update shop profile',
  description: 'Changes the profile; other tools use it from the next call.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    timezone: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Madrid.' }),
    ),
    locale: Type.Optional(Type.String({ minLength: 1, maxLength: 16, description: 'BCP 47 tag, e.g. es-ES.' })),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217 code, e.g. EUR.' })),
    business_hours: Type.Optional(
      Type.Union([BusinessHoursSchema, Type.Null()], {
        description: `${BUSINESS_HOURS_HELP} null removes the business hours.`,
      }),
    ),
  }),
  output: Type.Object({ profile: ProfileOutput }),
  handler: async (args, { services }) => ({ profile: await services.accountService.updateProfile(args) }),
});
