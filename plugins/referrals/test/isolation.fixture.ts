import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop B aims at shop A's links and referrals: not found, and its own lists stay empty. */
const fixture: IsolationFixture = {
  groups: ['referrals'],
  seed: async (callAsA) => {
    const { link } = await callAsA('create_referral_link', { label: 'A’s newsletter' });
    const { code } = await callAsA('get_referral_code');
    return { linkId: link.id, code };
  },
  probes: (seed) => [
    { tool: 'disable_referral_link', args: { link_id: seed.linkId }, expect: 'not_found' },
    { tool: 'list_referral_links', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'get_referral_stats',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.signups === 0 && p.clicks === 0 && p.code !== seed.code,
    },
  ],
  snapshot: async (callAsA) => [
    (await callAsA('list_referral_links', {})).links,
    (await callAsA('get_referral_code', {})).code,
  ],
  exempt: {
    get_referral:
      'A referral joins two shops, and a seed cannot create the second one; referrals.test.ts checks that a third shop gets not_found for it.',
    send_referral_invite: 'phone is the invitation’s recipient, not a record of shop A.',
  },
};

export default fixture;
