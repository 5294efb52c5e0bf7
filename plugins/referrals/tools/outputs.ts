import { DateTime, Nullable, pageOutput, Type } from '../../../core/index.js';

export const ReferralOutput = Type.Object(
  {
    id: Type.Integer(),
    role: Type.String({ description: 'referrer (this shop brought the other) or referee (this shop was brought).' }),
    status: Type.String({ description: 'signed_up, qualified, rewarded, rejected or reversed.' }),
    reason: Nullable(Type.String({ description: 'Why it was rejected or reversed.' })),
    referee: Type.String({ description: 'The referred shop: its initials for the referrer.' }),
    via_link_id: Nullable(Type.Integer()),
    your_credits: Type.Integer({ description: 'What this shop gets (or got) from it.' }),
    qualified_at: Nullable(DateTime()),
    reward_due_at: Nullable(DateTime()),
    rewarded_at: Nullable(DateTime()),
    reversed_at: Nullable(DateTime()),
    created_at: DateTime(),
  },
  { additionalProperties: false },
);

export const LinkOutput = Type.Object(
  {
    id: Type.Integer(),
    slug: Type.String(),
    url: Type.String(),
    label: Type.String(),
    source: Nullable(Type.String()),
    clicks: Type.Integer({ description: 'Distinct visitors per day.' }),
    signups: Type.Integer(),
    disabled: Type.Boolean(),
    created_at: DateTime(),
  },
  { additionalProperties: false },
);

export const ReferralPage = pageOutput('referrals', ReferralOutput);
export const LinkPage = pageOutput('links', LinkOutput);
