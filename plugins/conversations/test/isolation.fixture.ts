import type { CallAs, IsolationFixture, SeedHttp } from '../../../test/harness/isolation.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const until = <T>(what: string, check: () => Promise<T | undefined>) =>
  waitFor(`isolation seed: ${what}`, check, 20_000);

/** A sandbox line of shop A, paired by opening its pairing link as a phone would. */
async function pairedLine(callAsA: CallAs, http: SeedHttp) {
  const connected = await callAsA('connect_chatapp', { label: 'Isolation A' });
  const link = new URL(connected.pairing.pairing_url);
  const paired = await http.inject({
    method: 'GET',
    url: `${link.pathname}?phone=%2B34711000009`,
    headers: { accept: 'application/json' },
  });
  if (paired.statusCode !== 200)
    throw new Error(`isolation seed: pairing answered ${paired.statusCode} ${paired.body}`);
  await until('the line to connect', async () =>
    (await callAsA('get_chatapp_status', { session_id: connected.session.id })).session.status === 'connected'
      ? true
      : undefined,
  );
  return connected.session as { id: number; session_key: string };
}

/**
 * Shop A has one conversation, opened by a customer's message on its sandbox line and assigned to
 * A's agent. B aims every phone, session and agent argument at it.
 */
const fixture: IsolationFixture = {
  groups: ['agents', 'customers', 'whatsapp_ops', 'conversations'],
  seed: async (callAsA, http) => {
    const phone = '+34655111222';
    const session = await pairedLine(callAsA, http);
    const inbound = await http.inject({
      method: 'POST',
      url: `/sandbox/sessions/${session.session_key}/inbound`,
      headers: { authorization: `Bearer ${http.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ from: phone, text: 'Isolation secret text' }),
    });
    if (inbound.statusCode !== 201)
      throw new Error(`isolation seed: the inbound message answered ${inbound.statusCode} ${inbound.body}`);
    await until('the conversation to open', async () =>
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
