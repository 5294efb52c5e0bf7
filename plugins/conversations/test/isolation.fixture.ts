import type { IsolationFixture } from '../../../test/harness/isolation.js';
import { customerWritesTo, pairedLine, seedUntil } from '../../../test/harness/sandbox-seed.js';

/**
 * Shop A has one conversation, opened by a customer's message on its sandbox line and assigned to
 * A's agent. B aims every phone, session and agent argument at it.
 */
const fixture: IsolationFixture = {
  groups: ['agents', 'customers', 'whatsapp_ops', 'conversations'],
  seed: async (callAsA, http) => {
    const phone = '+34655111222';
    const session = await pairedLine(callAsA, http, 'Isolation A', '+34711000009');
    await customerWritesTo(http, session.session_key, phone, 'Isolation secret text');
    await seedUntil('the conversation to open', async () =>
      (await callAsA('get_conversation_messages', { phone })).success ? true : undefined,
    );
    const agent = (
      await callAsA('create_agent', {
        action: 'create',
        nickname: 'Iso',
        full_name: 'Iso Agent',
        email: 'iso@shop-a.example',
      })
    ).agent;
    await callAsA('assign_conversation', { phone, agent_id: agent.id });
    return { phone, sessionId: session.id, agentId: agent.id };
  },
  probes: (seed) => [
    { tool: 'get_conversation_messages', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'get_conversation_messages', args: { phone: seed.phone, session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'mark_conversation_read', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'mark_conversation_read', args: { phone: seed.phone, session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'assign_conversation', args: { phone: seed.phone, agent_id: 0 }, expect: 'not_found' },
    {
      tool: 'assign_conversation',
      args: { phone: seed.phone, session_id: seed.sessionId, agent_id: seed.agentId },
      expect: 'not_found',
    },
    {
      tool: 'search_conversations',
      args: { query: '655111222' },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.conversations.length === 0,
    },
    {
      tool: 'search_conversations',
      args: { query: 'secret text' },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.conversations.length === 0,
    },
    {
      tool: 'list_conversations',
      args: { session_id: seed.sessionId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.conversations.length === 0,
    },
    {
      tool: 'list_conversations',
      args: { assigned_agent_id: seed.agentId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.conversations.length === 0,
    },
    {
      tool: 'get_recent_conversations',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.conversations.length === 0,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    conversation: await callAsA('get_conversation_messages', { phone: seed.phone }),
    list: await callAsA('list_conversations', {}),
  }),
  exempt: {},
};

export default fixture;
