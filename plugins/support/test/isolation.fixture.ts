import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop B aims at shop A's support tickets: not found, and its own lists stay empty. */
const fixture: IsolationFixture = {
  groups: ['support', 'storage'],
  seed: async (callAsA) => {
    const { file } = await callAsA('upload_file_base64', {
      filename: 'a.pdf',
      content_base64: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64'),
      purpose: 'chat_media',
    });
    const { ticket } = await callAsA('create_support_ticket', {
      subject: 'A’s private problem',
      description: 'details only A may read',
      file_ids: [file.id],
    });
    return { ticketId: ticket.id, fileId: file.id };
  },
  probes: (seed) => [
    { tool: 'get_support_ticket', args: { ticket_id: seed.ticketId }, expect: 'not_found' },
    { tool: 'reply_support_ticket', args: { ticket_id: seed.ticketId, message: 'mine?' }, expect: 'not_found' },
    { tool: 'close_support_ticket', args: { ticket_id: seed.ticketId, rating: 1 }, expect: 'not_found' },
    {
      tool: 'create_support_ticket',
      args: { subject: 'Mine', description: 'with A’s file', attach_diagnostics: false, file_ids: [seed.fileId] },
      expect: 'not_found',
    },
    { tool: 'list_support_tickets', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
  ],
  snapshot: async (callAsA, seed) => await callAsA('get_support_ticket', { ticket_id: seed.ticketId }),
  exempt: {},
};

export default fixture;
