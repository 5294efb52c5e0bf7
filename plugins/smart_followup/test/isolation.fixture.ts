import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A has a scheduled cart follow-up; B aims every id, phone and reference at it. */
const fixture: IsolationFixture = {
  groups: ['customers', 'whatsapp_ops', 'conversations', 'smart_followup'],
  seed: async (callAsA) => {
    const phone = '+34655111444';
    const { followup } = await callAsA('create_followup', {
      phone,
      type: 'cart',
      reference: { kind: 'cart', id: 'iso-cart', url: 'https://a.example/cart' },
    });
    return { phone, followupId: followup.id };
  },
  probes: (seed) => [
    { tool: 'get_followup', args: { followup_id: seed.followupId }, expect: 'not_found' },
    { tool: 'preview_followup_message', args: { followup_id: seed.followupId }, expect: 'not_found' },
    { tool: 'reschedule_followup', args: { followup_id: seed.followupId, smart: true }, expect: 'not_found' },
    { tool: 'cancel_followup', args: { followup_id: seed.followupId }, expect: 'not_found' },
    { tool: 'mark_followup_converted', args: { followup_id: seed.followupId }, expect: 'not_found' },
    { tool: 'mark_followup_converted', args: { reference: { kind: 'cart', id: 'iso-cart' } }, expect: 'not_found' },
    {
      tool: 'bulk_cancel_followups',
      args: { followup_ids: [seed.followupId] },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.not_cancelled.length === 1,
    },
    {
      tool: 'bulk_cancel_followups',
      args: { phone: seed.phone },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
    {
      tool: 'list_followups',
      args: { phone: seed.phone },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
    {
      tool: 'get_followup_stats',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.followups.scheduled === 0 && p.messages.sent === 0,
    },
  ],
  snapshot: async (callAsA, seed) => (await callAsA('get_followup', { followup_id: seed.followupId })).followup,
  exempt: {
    create_followup: 'creates a follow-up of B’s own for the phone; A’s are untouched (the snapshot shows it)',
  },
};

export default fixture;
