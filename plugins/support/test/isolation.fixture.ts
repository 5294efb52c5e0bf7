import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop B aims at shop A's support tickets: not found, and its own lists stay empty. */
const fixture: IsolationFixture = {
  groups: ['support'],
  seed: async (callAsA) => {
    const { ticket } = await callAsA('create_support_ticket', {
      subject: 'A’s private problem',
      description: 'details only A may read',
    });
    return { ticketId: ticket.id };
  },
  probes: (seed) => [
    { tool: 'get_support_ticket', args: { ticket_id: seed.ticketId }, expect: 'not_found' },
    { tool: 'reply_support_ticket', args: { ticket_id: seed.ticketId, message: 'mine?' }, expect: 'not_found' },
    { tool: 'close_support_ticket', args: { ticket_id: seed.ticketId, rating: 1 }, expect: 'not_found' },
    { tool: 'list_support_tickets', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
  ],
  snapshot: async (callAsA, seed) => await callAsA('get_support_ticket', { ticket_id: seed.ticketId }),
  exempt: {},
};

export default fixture;
