import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A's snippets (one active, one pending) and training suggestion are A's alone: B's searches and lists stay empty. */
const fixture: IsolationFixture = {
  groups: ['prompt', 'knowledge', 'storage'],
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
    await callAsA('record_ai_feedback', {
      surface: 'all',
      rating: 'bad',
      correction: 'Shop A: the XL size is back in May.',
      category: 'product_facts',
    });
    await callAsA('generate_training_suggestions', {});
    const suggestion = (await callAsA('list_training_suggestions', {})).suggestions[0];
    const document = (
      await callAsA('add_knowledge_document', {
        title: 'Shop A care guide',
        format: 'markdown',
        content: '# Care\nShop A washes linen covers at forty degrees.',
      })
    ).document;
    const file = (
      await callAsA('upload_file_base64', {
        filename: 'shop-a-terms.txt',
        content_base64: Buffer.from('# Terms\nShop A terms.').toString('base64'),
        purpose: 'knowledge',
        content_type: 'text/plain',
      })
    ).file;
    return {
      activeId: active.id,
      pendingId: pending.id,
      suggestionId: suggestion.id,
      documentId: document.id,
      fileId: file.id,
    };
  },
  probes: (seed) => [
    { tool: 'get_knowledge_snippet', args: { id: seed.activeId }, expect: 'not_found' },
    { tool: 'update_knowledge_snippet', args: { id: seed.activeId, title: 'Taken' }, expect: 'not_found' },
    { tool: 'delete_knowledge_snippet', args: { id: seed.activeId }, expect: 'not_found' },
    { tool: 'approve_knowledge_snippet', args: { action: 'approve', id: seed.pendingId }, expect: 'not_found' },
    { tool: 'reject_knowledge_snippet', args: { id: seed.pendingId }, expect: 'not_found' },
    { tool: 'get_training_suggestion', args: { suggestion_id: seed.suggestionId }, expect: 'not_found' },
    {
      tool: 'update_training_suggestion',
      args: { suggestion_id: seed.suggestionId, answer: 'B edits' },
      expect: 'not_found',
    },
    {
      tool: 'apply_training_suggestion',
      args: { action: 'apply', suggestion_id: seed.suggestionId },
      expect: 'not_found',
    },
    { tool: 'dismiss_training_suggestion', args: { suggestion_id: seed.suggestionId }, expect: 'not_found' },
    {
      tool: 'list_training_suggestions',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.total === 0,
    },
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
    { tool: 'get_knowledge_document', args: { id: seed.documentId }, expect: 'not_found' },
    { tool: 'add_knowledge_document', args: { file_id: seed.fileId }, expect: 'not_found' },
    { tool: 'update_knowledge_document', args: { id: seed.documentId, title: 'Taken' }, expect: 'not_found' },
    {
      tool: 'update_knowledge_document',
      args: { id: seed.documentId, content: 'Overwritten by B.' },
      expect: 'not_found',
    },
    { tool: 'delete_knowledge_document', args: { id: seed.documentId }, expect: 'not_found' },
    {
      tool: 'list_knowledge_documents',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.total === 0,
    },
    {
      tool: 'search_knowledge',
      args: { query: 'linen covers forty degrees', sources: ['documents'] },
      expect: 'empty',
      isEmpty: (p) => p.results.length === 0,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    snippets: await callAsA('list_knowledge_snippets', {}),
    documents: await callAsA('list_knowledge_documents', {}),
    document: await callAsA('get_knowledge_document', { id: seed.documentId }),
    suggestions: await callAsA('list_training_suggestions', {}),
  }),
  exempt: {},
};

export default fixture;
