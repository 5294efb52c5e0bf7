import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { EligibilityOutput, followupIdArg, phoneArg, TimingOutput, typeArg } from './args.js';

export const previewFollowupMessage = defineTool({
  name: 'preview_followup_message',
  title: 'Preview follow-up message',
  description:
    'What a follow-up (existing, or new from phone and type) would send and when, and whether it could reach the customer now. Sends and stores nothing.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    followup_id: Type.Optional(followupIdArg),
    phone: Type.Optional(phoneArg()),
    type: Type.Optional(typeArg('With phone: the follow-up type.')),
  }),
  output: Type.Object({
    phone: Type.String(),
    type: Type.String(),
    message: Type.String(),
    due_at: Type.String(),
    timing: TimingOutput,
    eligibility: EligibilityOutput,
  }),
  handler: async ({ followup_id, phone, type }, { services }) =>
    services.followupsService.preview(followup_id, phone, type),
});
