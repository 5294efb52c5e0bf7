import type { IsolationFixture } from '../../../test/harness/isolation.js';

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4//8/AAX+Av6n1qRIAAAAAElFTkSuQmCC';

/** Shop B aims at shop A's files: not found, and its own lists and usage stay empty. */
const fixture: IsolationFixture = {
  groups: ['storage'],
  seed: async (callAsA) => {
    const { file } = await callAsA('upload_file_base64', {
      filename: 'a-secret.png',
      content_base64: PNG_BASE64,
      purpose: 'chat_media',
    });
    return { fileId: file.id };
  },
  probes: (seed) => [
    { tool: 'get_file', args: { file_id: seed.fileId }, expect: 'not_found' },
    { tool: 'get_file_url', args: { file_id: seed.fileId }, expect: 'not_found' },
    { tool: 'update_file', args: { file_id: seed.fileId, filename: 'mine.png' }, expect: 'not_found' },
    { tool: 'delete_file', args: { file_id: seed.fileId }, expect: 'not_found' },
    { tool: 'list_files', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'get_storage_usage', args: {}, expect: 'empty', isEmpty: (p) => p.used_bytes === 0 && p.files === 0 },
    {
      tool: 'cleanup_unused_files',
      args: { older_than_days: 1, dry_run: true },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
  ],
  snapshot: async (callAsA, seed) => await callAsA('get_file', { file_id: seed.fileId }),
  exempt: {},
};

export default fixture;
