import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const sendReferralInvite = defineTool({
  name: 'send_referral_invite',
  title: 'Send referral invite',
  description:
    "Sends the shop's referral link to a phone from one of its lines (opt-outs and credits apply); {enlace} in message becomes the link, else it is appended.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    phone: Type.String({ minLength: 4, maxLength: 32 }),
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  }),
  output: Type.Object({
    message: Type.Object({
      id: Type.Integer(),
      phone: Type.String(),
      status: Type.String(),
      text: Nullable(Type.String()),
    }),
    url: Type.String(),
  }),
  handler: async ({ phone, message }, { services }) => services.referralsService.invite(phone, message),
});
