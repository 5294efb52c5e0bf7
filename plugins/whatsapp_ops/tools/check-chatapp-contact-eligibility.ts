import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { billingSourceArg, phoneArg, senderRoleArg } from './args.js';
import { EligibilityOutput } from './outputs.js';

export const checkChatappContactEligibility = defineTool({
  name: 'check_chatapp_contact_eligibility',
  title: 'Check contact eligibility',
  description:
    'Sends nothing. Tells whether the customer wrote to the same physical line (the number the sender_role would use) within the configured window, ' +
    'with the filter state for the billing_source and the window: eligible is false when no line is connected for the role, the number opted out, ' +
    "or the source's filter is on and the customer is outside the window (reason says which).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  action: 'check',
  input: Type.Object({
    phone: phoneArg('The customer, in E.164 (e.g. +34600111222).'),
    billing_source: billingSourceArg('What would send the message.'),
    sender_role: Type.Optional(senderRoleArg('The routing role of the line that would send; default general.')),
  }),
  output: Type.Object({ eligibility: EligibilityOutput }),
  handler: async ({ phone, billing_source, sender_role }, { services }) =>
    services.chatappEligibilityService.check(phone, billing_source, sender_role ?? 'general'),
});
