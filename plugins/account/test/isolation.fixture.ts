import type { IsolationFixture } from '../../../test/harness/isolation.js';

const SHOP_A_NAME = 'Isolation shop A (account)';

/**
 * The account tools take no id or phone: every one reads or changes the calling shop only. The
 * probes check that shop B, calling them, sees its own profile and status and never shop A's.
 */
const fixture: IsolationFixture = {
  groups: ['account'],
  seed: async (callAsA) => {
    await callAsA('update_shop_profile', {
      name: SHOP_A_NAME,
      timezone: 'Asia/Tokyo',
      business_hours: { monday: [{ open: '09:00', close: '17:00' }] },
    });
    return { name: SHOP_A_NAME };
  },
  probes: (seed) => [
    {
      tool: 'get_shop_profile',
      args: {},
      expect: 'empty',
      isEmpty: (p) =>
        p.profile.name !== seed.name && p.profile.timezone !== 'Asia/Tokyo' && p.profile.business_hours === null,
    },
    { tool: 'get_shop_status', args: {}, expect: 'empty', isEmpty: (p) => p.name !== seed.name },
  ],
  snapshot: async (callAsA) => ({
    profile: (await callAsA('get_shop_profile', {})).profile,
    balance: (await callAsA('get_credits_balance', {})).credits_balance,
    movements: (await callAsA('list_credit_movements', {})).movements,
  }),
  exempt: {},
};

export default fixture;
