import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop B aims at shop A's tasks, agents, tickets and phones: not found, or nothing of A's. */
const fixture: IsolationFixture = {
  groups: ['tasks', 'agents', 'tickets', 'customers', 'notifications'],
  seed: async (callAsA) => {
    const { agent } = await callAsA('create_agent', {
      action: 'create',
      nickname: 'iso',
      full_name: 'Iso Agent',
      email: 'iso@example.com',
    });
    const { ticket } = await callAsA('create_ai_ticket', { action: 'create', title: 'Iso', phone: '+34600123999' });
    const { task } = await callAsA('create_task', {
      title: 'A’s secret task',
      phone: '+34600123999',
      ticket_id: ticket.id,
      assigned_agent_id: agent.id,
    });
    await callAsA('add_task_comment', { task_id: task.id, body: 'private' });
    return { taskId: task.id, agentId: agent.id, ticketId: ticket.id, phone: '+34600123999' };
  },
  probes: (seed) => [
    { tool: 'get_task', args: { task_id: seed.taskId }, expect: 'not_found' },
    { tool: 'update_task', args: { task_id: seed.taskId, title: 'mine now' }, expect: 'not_found' },
    { tool: 'assign_task', args: { task_id: seed.taskId, assigned_agent_id: 0 }, expect: 'not_found' },
    { tool: 'complete_task', args: { task_id: seed.taskId }, expect: 'not_found' },
    { tool: 'reopen_task', args: { task_id: seed.taskId }, expect: 'not_found' },
    { tool: 'delete_task', args: { task_id: seed.taskId }, expect: 'not_found' },
    { tool: 'add_task_comment', args: { task_id: seed.taskId, body: 'hi' }, expect: 'not_found' },
    { tool: 'bulk_update_tasks', args: { task_ids: [seed.taskId], status: 'cancelled' }, expect: 'not_found' },
    { tool: 'create_task', args: { title: 'x', assigned_agent_id: seed.agentId }, expect: 'not_found' },
    { tool: 'create_task', args: { title: 'x', ticket_id: seed.ticketId }, expect: 'not_found' },
    { tool: 'list_tasks', args: { phone: seed.phone }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_tasks', args: { ticket_id: seed.ticketId }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_tasks', args: { assigned_agent_id: seed.agentId }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'get_task_summary', args: { assigned_agent_id: seed.agentId }, expect: 'not_found' },
  ],
  snapshot: async (callAsA, seed) => await callAsA('get_task', { task_id: seed.taskId }),
  exempt: {},
};

export default fixture;
