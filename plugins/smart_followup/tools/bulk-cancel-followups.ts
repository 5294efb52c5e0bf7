import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, typeArg } from './args.js';

export const bulkCancelFollowups = defineTool({
  name: 'bulk_cancel_followups',
  title: 'Bulk cancel follow-ups',
  description:
    'Cancels every scheduled follow-up of a customer, of a type, or in a list of up to 500 ids (exactly one of these). Others are listed unchanged.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: Type.Optional(phoneArg()),
    type: Type.Optional(typeArg('Every scheduled follow-up of this type.')),
    followup_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  }),
  output: Type.Object({
    cancelled: Type.Array(Type.Integer()),
    count: Type.Integer(),
    not_cancelled: Type.Array(Type.Integer()),
  }),
  handler: async ({ phone, type, followup_ids, reason }, { services }) =>
    services.followupsService.bulkCancel({ phone, type, ids: followup_ids }, reason),
});
