import type { IsolationFixture } from '../../../test/harness/isolation.js';
import { customerWritesTo, pairedLine, seedUntil } from '../../../test/harness/sandbox-seed.js';

/**
 * Shop A's customer wrote three messages and A saved an analysis of the conversation. B aims every
 * phone and session argument at it: no conversation, no analysis, nothing in B's lists and trends.
 */
const fixture: IsolationFixture = {
  groups: ['customers', 'whatsapp_ops', 'conversations', 'prompt', 'knowledge', 'ai_analysis'],
  seed: async (callAsA, http) => {
    const phone = '+34655111333';
    const session = await pairedLine(callAsA, http, 'Analysis A', '+34711000019');
    for (const text of ['Hola', 'Quiero devolver las zapatillas', '¿Cómo hago la devolución?'])
      await customerWritesTo(http, session.session_key, phone, text);
    await seedUntil('the messages to be recorded', async () =>
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
