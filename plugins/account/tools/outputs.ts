import { Type, Nullable, DateTime } from '../../../core/index.js';
import { WEEKDAYS } from '../services/business-hours.js';

const Range = Type.Object({ open: Type.String(), close: Type.String() }, { additionalProperties: false });

export const ProfileOutput = Type.Object(
  {
    shop_id: Type.Integer(),
    name: Type.String(),
    timezone: Type.String(),
    locale: Type.String(),
    currency: Type.String(),
    business_hours: Nullable(
      Type.Object(Object.fromEntries(WEEKDAYS.map((d) => [d, Type.Array(Range)])), {
        additionalProperties: false,
        description: 'Opening ranges per weekday in the shop timezone; null when never set.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const MovementOutput = Type.Object(
  {
    id: Type.Integer(),
    amount: Type.Integer({ description: 'Positive: credited; negative: spent.' }),
    balance_after: Type.Integer(),
    kind: Type.String({
      description:
        'purchase (paid), grant (free, by the operator), reward (referrals), spend (sends), spend_return (a send that never happened), purchase_refund, reversal (a reward taken back).',
    }),
    reason: Type.String(),
    reference: Nullable(Type.String()),
    created_at: DateTime(),
  },
  { additionalProperties: false },
);
