import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A has a chat conversation with a note and a document assistant with a file; B aims every id at them. */
const fixture: IsolationFixture = {
  groups: ['prompt', 'knowledge', 'customers', 'plugins'],
  seed: async (callAsA, http) => {
    const { plugin } = await callAsA('configure_plugin_chat', { plugin_type: 'chat', is_enabled: true });
    const opened = await http.inject({
      method: 'POST',
      url: `/widget/${plugin.public_key}/sessions`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const sessionId = opened.json().session_id as string;
    await callAsA('add_plugin_conversation_note', { session_id: sessionId, note: 'A only' });
    const { assistant } = await callAsA('create_docqa_assistant', { display_name: 'A manuals' });
    const { file } = await callAsA('add_docqa_file', {
      assistant_id: assistant.id,
      name: 'A text',
      text: 'A secret text.',
    });
    return { sessionId, assistantId: assistant.id, fileId: file.file_id };
  },
  probes: (seed) => [
    { tool: 'check_plugin_conversation_note', args: { session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'get_plugin_conversation', args: { session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'add_plugin_conversation_note', args: { session_id: seed.sessionId, note: 'B' }, expect: 'not_found' },
    { tool: 'reply_plugin_conversation', args: { session_id: seed.sessionId, message: 'B' }, expect: 'not_found' },
    {
      tool: 'link_plugin_conversation_customer',
      args: { session_id: seed.sessionId, phone: '+34655000111' },
      expect: 'not_found',
    },
    { tool: 'close_plugin_conversation', args: { session_id: seed.sessionId }, expect: 'not_found' },
    { tool: 'get_docqa_assistant', args: { assistant_id: seed.assistantId }, expect: 'not_found' },
    {
      tool: 'update_docqa_assistant',
      args: { assistant_id: seed.assistantId, display_name: 'B' },
      expect: 'not_found',
    },
    { tool: 'delete_docqa_assistant', args: { assistant_id: seed.assistantId }, expect: 'not_found' },
    { tool: 'check_docqa_file_status', args: { assistant_id: seed.assistantId }, expect: 'not_found' },
    { tool: 'ask_docqa_assistant', args: { assistant_id: seed.assistantId, question: 'secret' }, expect: 'not_found' },
    { tool: 'add_docqa_file', args: { assistant_id: seed.assistantId, name: 'B', text: 'B' }, expect: 'not_found' },
    {
      tool: 'remove_docqa_file',
      args: { assistant_id: seed.assistantId, file_id: seed.fileId },
      expect: 'not_found',
    },
    { tool: 'list_plugin_conversations', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_docqa_assistants', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'get_plugin_stats', args: {}, expect: 'empty', isEmpty: (p) => p.widgets.length === 0 },
  ],
  snapshot: async (callAsA, seed) => ({
    conversation: await callAsA('get_plugin_conversation', { session_id: seed.sessionId }),
    assistant: await callAsA('get_docqa_assistant', { assistant_id: seed.assistantId }),
  }),
  exempt: {},
};

export default fixture;
