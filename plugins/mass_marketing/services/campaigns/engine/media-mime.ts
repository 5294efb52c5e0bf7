import type { MediaType } from '../../../entities/values.js';

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  csv: 'text/csv',
  txt: 'text/plain',
  zip: 'application/zip',
};

const FALLBACK: Record<MediaType, string> = {
  image: 'image/jpeg',
  video: 'video/mp4',
  document: 'application/octet-stream',
};

/** The MIME type the network is told: from the file's extension (URL, then filename) when it fits the media type, else the type's usual one. */
export function mimeTypeOf(type: MediaType, url: string, filename?: string | null): string {
  for (const name of [filename ?? '', new URL(url).pathname]) {
    const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
    const mime = ext && BY_EXTENSION[ext];
    if (
      mime &&
      (type === 'document' ? !mime.startsWith('image/') && !mime.startsWith('video/') : mime.startsWith(`${type}/`))
    )
      return mime;
  }
  return FALLBACK[type];
}
