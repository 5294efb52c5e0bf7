import type { Purpose } from '../entities/values.js';

const MB = 1024 * 1024;

/**
 * The messaging network's media limits (images 5 MB; video and audio 16 MB; documents 100 MB;
 * stickers 500 KB), so a file stored for chat or a campaign is one the network accepts.
 */
const CHAT: Record<string, number> = {
  'image/jpeg': 5 * MB,
  'image/png': 5 * MB,
  'image/webp': 500 * 1024,
  'video/mp4': 16 * MB,
  'video/3gpp': 16 * MB,
  'audio/aac': 16 * MB,
  'audio/amr': 16 * MB,
  'audio/mpeg': 16 * MB,
  'audio/mp4': 16 * MB,
  'audio/ogg': 16 * MB,
  'application/pdf': 100 * MB,
  'application/msword': 100 * MB,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 100 * MB,
  'application/vnd.ms-excel': 100 * MB,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 100 * MB,
  'application/vnd.ms-powerpoint': 100 * MB,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 100 * MB,
  'text/plain': 100 * MB,
};

const DOCUMENTS: Record<string, number> = {
  'application/pdf': 50 * MB,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 50 * MB,
  'text/plain': 50 * MB,
  'text/markdown': 50 * MB,
  'text/html': 50 * MB,
  'text/csv': 50 * MB,
};

/** Each purpose's accepted types and the largest file of each. */
export const PURPOSE_LIMITS: Record<Purpose, Record<string, number>> = {
  chat_media: CHAT,
  campaign_media: CHAT,
  docqa: DOCUMENTS,
  knowledge: DOCUMENTS,
  avatar: { 'image/jpeg': MB, 'image/png': MB, 'image/webp': MB },
  export: {
    'text/csv': 100 * MB,
    'application/json': 100 * MB,
    'application/zip': 100 * MB,
    'application/pdf': 100 * MB,
    'image/png': 20 * MB,
  },
  recording: {
    'audio/mpeg': 100 * MB,
    'audio/ogg': 100 * MB,
    'audio/wav': 100 * MB,
    'audio/mp4': 100 * MB,
    'audio/webm': 100 * MB,
  },
};

/** The largest file a purpose takes of any type. */
export const purposeMax = (purpose: Purpose) => Math.max(...Object.values(PURPOSE_LIMITS[purpose]));

/** Types a browser would run or render as a page: always served as a download. */
export const ACTIVE_TYPES = new Set([
  'text/html',
  'image/svg+xml',
  'application/xhtml+xml',
  'text/xml',
  'application/xml',
]);
