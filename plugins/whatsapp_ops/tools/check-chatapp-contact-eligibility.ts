import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { billingSourceArg, phoneArg, senderRoleArg } from './args.js';
import { EligibilityOutput } from './outputs.js';

export const checkChatappContactEligibility = defineTool({
  name: 'check_chatapp_contact_eligibility',
  title: 'Check contact eligibility',
  description:
    'Sends nothing. Whether an automatic message from billing_source could reach the customer now: false when no line serves the role, the number opted out, or the source is held to the contact window and the customer has not written within it (reason says which).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  action: 'check',
  input: Type.Object({
    phone: phoneArg(),
    billing_source: billingSourceArg('What would send the message.'),
    sender_role: Type.Optional(senderRoleArg('The routing role of the line that would send; default general.')),
  }),
  output: Type.Object({ eligibility: EligibilityOutput }),
  handler: async ({ phone, billing_source, sender_role }, { services }) =>
    services.chatappEligibilityService.check(phone, billing_source, sender_role ?? 'general'),
});
