import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { REFERRAL_STATUSES } from '../entities/values.js';
import { ReferralPage } from './outputs.js';

export const listReferrals = defineTool({
  name: 'list_referrals',
  title: 'List referrals',
  description: 'The shops this shop brought, newest first, with status and reward.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ status: Type.Optional(Type.Enum(REFERRAL_STATUSES)), ...PagingArgs }),
  output: ReferralPage,
  handler: async ({ status, limit, offset }, { services }) =>
    services.referralsService.list(status, { limit: limit!, offset: offset! }),
});
