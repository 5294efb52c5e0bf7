import type { CallAs, IsolationFixture, SeedHttp } from '../../../test/harness/isolation.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const until = <T>(what: string, check: () => Promise<T | undefined>) =>
  waitFor(`isolation seed: ${what}`, check, 20_000);

/** A sandbox line of shop A, paired by opening its pairing link as a phone would. */
async function pairedLine(callAsA: CallAs, http: SeedHttp) {
  const connected = await callAsA('connect_chatapp', { label: 'Analysis A' });
  const link = new URL(connected.pairing.pairing_url);
  const paired = await http.inject({
    method: 'GET',
    url: `${link.pathname}?phone=%2B34711000019`,
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
 * Shop A's customer wrote three messages and A saved an analysis of the conversation. B aims every
 * phone and session argument at it: no conversation, no analysis, nothing in B's lists and trends.
 */
const fixture: IsolationFixture = {
  groups: ['customers', 'whatsapp_ops', 'conversations', 'prompt', 'knowledge', 'ai_analysis'],
  seed: async (callAsA, http) => {
    const phone = '+34655111333';
    const session = await pairedLine(callAsA, http);
    for (const text of ['Hola', 'Quiero devolver las zapatillas', '¿Cómo hago la devolución?']) {
      const inbound = await http.inject({
        method: 'POST',
        url: `/sandbox/sessions/${session.session_key}/inbound`,
        headers: { authorization: `Bearer ${http.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ from: phone, text }),
      });
      if (inbound.statusCode !== 201)
        throw new Error(`isolation seed: the inbound message answered ${inbound.statusCode} ${inbound.body}`);
    }
    await until('the messages to be recorded', async () =>
      (await callAsA('summarize_conversation', { phone })).facts?.customer_messages === 3 ? true : undefined,
    );
    await callAsA('save_conversation_analysis', {
      items: [{ phone, topic: 'returns', intent: 'returns_refund', priority: 'P2', sentiment: 'neutral' }],
    });
    return { phone, sessionId: session.id };
  },
  probes: (seed) => [
    { tool: 'auto_tag_customer', args: { action: 'auto', phone: seed.phone }, expect: 'not_found' },
    { tool: 'summarize_conversation', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'summarize_conversation', args: { phone: seed.phone, session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'analyze_sentiment', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'detect_language', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'suggest_reply', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'suggest_reply', args: { phone: seed.phone, session_id: seed.sessionId }, expect: 'not_found' },
    {
      tool: 'save_conversation_analysis',
      args: {
        items: [
          {
            phone: seed.phone,
            session_id: seed.sessionId,
            topic: 'orders',
            intent: 'other',
            priority: 'P3',
            sentiment: 'neutral',
          },
        ],
      },
      expect: 'not_found',
    },
    {
      tool: 'auto_categorize_conversations',
      args: { action: 'auto', phone: seed.phone, hours: 720 },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.conversations.length === 0,
    },
    {
      tool: 'list_conversation_analyses',
      args: { phone: seed.phone },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.analyses.length === 0,
    },
    {
      tool: 'get_topic_trends',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.series.length === 0 && Object.keys(p.totals).length === 0,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    analyses: await callAsA('list_conversation_analyses', {}),
    conversation: (await callAsA('summarize_conversation', { phone: seed.phone, summary_type: 'detailed' })).timeline,
  }),
  exempt: {},
};

export default fixture;
