import type { IsolationFixture } from '../../../test/harness/isolation.js';

/**
 * Shop A owns an assigned ticket with a note and a queued follow-up. create_ai_ticket is probed
 * with A's customer email (not its phone), so the ticket B creates never shows up in the probes
 * that filter by A's phone or agent, whatever order they run in.
 */
const fixture: IsolationFixture = {
  groups: ['agents', 'customers', 'tickets'],
  seed: async (callAsA) => {
    const agent = (
      await callAsA('create_agent', {
        action: 'create',
        nickname: 'Ida',
        full_name: 'Ida Isolation',
        email: 'ida@shop-a.example',
      })
    ).agent;
    const phone = '+34660111222';
    const email = 'customer@shop-a.example';
    const ticket = (
      await callAsA('create_ai_ticket', {
        action: 'create',
        title: 'Shop A ticket',
        phone,
        customer_email: email,
        message: 'A only',
      })
    ).ticket;
    await callAsA('assign_ai_ticket', { action: 'assign', ticket_id: ticket.id, assigned_agent_id: agent.id });
    await callAsA('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: ticket.id, body: 'A resolution' });
    return { ticketId: ticket.id, agentId: agent.id, phone, email };
  },
  probes: (seed) => [
    { tool: 'get_ai_ticket', args: { ticket_id: seed.ticketId }, expect: 'not_found' },
    { tool: 'update_ai_ticket', args: { ticket_id: seed.ticketId, title: 'Taken over' }, expect: 'not_found' },
    {
      tool: 'add_ai_ticket_note',
      args: { action: 'add', ticket_id: seed.ticketId, body: 'B writes' },
      expect: 'not_found',
    },
    {
      tool: 'add_ai_ticket_agent_resolution',
      args: { action: 'add', ticket_id: seed.ticketId, body: 'B resolves' },
      expect: 'not_found',
    },
    {
      tool: 'assign_ai_ticket',
      args: { action: 'assign', ticket_id: seed.ticketId, assigned_agent_id: 0 },
      expect: 'not_found',
    },
    {
      tool: 'assign_ai_ticket',
      args: { action: 'assign', ticket_id: seed.ticketId, assigned_agent_id: seed.agentId },
      expect: 'not_found',
    },
    {
      tool: 'close_ai_ticket',
      args: { action: 'close', ticket_id: seed.ticketId, reason: 'B closes' },
      expect: 'not_found',
    },
    { tool: 'reopen_ai_ticket', args: { ticket_id: seed.ticketId }, expect: 'not_found' },
    {
      tool: 'list_ai_tickets',
      args: { phone: seed.phone },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.tickets.length === 0,
    },
    {
      tool: 'list_ai_tickets',
      args: { assigned_agent_id: seed.agentId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.tickets.length === 0,
    },
    // Dedupe must not find A's open ticket of the same customer: B gets a new ticket of its own.
    {
      tool: 'create_ai_ticket',
      args: { action: 'create', title: 'B report', customer_email: seed.email, dedupe_customer: true },
      expect: 'empty',
      isEmpty: (p) => p.created === true && p.deduped === false && p.ticket.id !== seed.ticketId,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    ticket: (await callAsA('get_ai_ticket', { ticket_id: seed.ticketId })).ticket,
    count: (await callAsA('list_ai_tickets', {})).count,
  }),
  exempt: {},
};

export default fixture;
