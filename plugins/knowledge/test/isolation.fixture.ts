import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A's snippets (one active, one pending) are A's alone: B's searches and lists stay empty. */
const fixture: IsolationFixture = {
  groups: ['prompt', 'knowledge'],
  seed: async (callAsA) => {
    const active = (
      await callAsA('create_knowledge_snippet', {
        title: 'Shop A returns policy',
        content: 'Shop A accepts returns within 30 days.',
      })
    ).snippet;
    const pending = (
      await callAsA('create_knowledge_snippet', {
        title: 'Shop A draft',
        content: 'Shop A draft answer about gift cards.',
        status: 'pending',
      })
    ).snippet;
    return { activeId: active.id, pendingId: pending.id };
  },
  probes: (seed) => [
    { tool: 'get_knowledge_snippet', args: { id: seed.activeId }, expect: 'not_found' },
    { tool: 'update_knowledge_snippet', args: { id: seed.activeId, title: 'Taken' }, expect: 'not_found' },
    { tool: 'delete_knowledge_snippet', args: { id: seed.activeId }, expect: 'not_found' },
    { tool: 'approve_knowledge_snippet', args: { action: 'approve', id: seed.pendingId }, expect: 'not_found' },
    { tool: 'reject_knowledge_snippet', args: { id: seed.pendingId }, expect: 'not_found' },
    {
      tool: 'search_knowledge',
      args: { query: 'Shop A returns policy', include_pending: true },
      expect: 'empty',
      isEmpty: (p) => p.results.length === 0,
    },
    {
      tool: 'list_knowledge_snippets',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.total === 0,
    },
  ],
  snapshot: async (callAsA) => await callAsA('list_knowledge_snippets', {}),
  exempt: {},
};

export default fixture;
