/** What a file is for; each purpose has its own types and size limit (services/purposes.ts). */
export const PURPOSES: ['chat_media', 'campaign_media', 'docqa', 'knowledge', 'avatar', 'export', 'recording'] = [
  'chat_media',
  'campaign_media',
  'docqa',
  'knowledge',
  'avatar',
  'export',
  'recording',
];
export type Purpose = (typeof PURPOSES)[number];

/** pending: an upload URL was handed out and the bytes have not arrived; ready: stored and checked. */
export const FILE_STATUSES: ['pending', 'ready'] = ['pending', 'ready'];
export type FileStatus = (typeof FILE_STATUSES)[number];
