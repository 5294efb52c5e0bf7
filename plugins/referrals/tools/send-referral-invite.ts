import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const sendReferralInvite = defineTool({
  name: 'send_referral_invite',
  title: 'Send referral invite',
  description:
    'Sends an invitation with the shop’s referral link from one of its lines to a phone: a message like any other (opt-outs, credits). {enlace} in message is replaced by the link; without it the link is added at the end.',
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
