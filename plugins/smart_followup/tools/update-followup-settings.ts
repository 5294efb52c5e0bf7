import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { hhmm, senderRoleArg, SettingsOutput, typeArg } from './args.js';

export const updateFollowupSettings = defineTool({
  name: 'update_followup_settings',
  title: 'Update follow-up settings',
  description:
    "Changes one follow-up type's rules for follow-ups created from now on. Conversation follow-ups plan themselves once enabled; quotes and carts come from create_followup. Templates may use only {nombre}, {tienda} and {enlace}.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    type: typeArg('The follow-up type to change.'),
    enabled: Type.Optional(Type.Boolean()),
    first_delay_minutes: Type.Optional(
      Type.Integer({ minimum: 10, maximum: 43200, description: 'Minutes before the first attempt.' }),
    ),
    max_attempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
    min_gap_hours: Type.Optional(Type.Integer({ minimum: 12, maximum: 720 })),
    max_age_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
    quiet_hours: Type.Optional(Type.Object({ from: hhmm, to: hhmm }, { additionalProperties: false })),
    respect_business_hours: Type.Optional(Type.Boolean()),
    timing_mode: Type.Optional(Type.Enum(['smart', 'fixed'])),
    template: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    sender_role: Type.Optional(senderRoleArg),
  }),
  output: Type.Object({ settings: SettingsOutput }),
  handler: async ({ type, ...changes }, { services }) => services.followupSettingsService.update(type, changes),
});
